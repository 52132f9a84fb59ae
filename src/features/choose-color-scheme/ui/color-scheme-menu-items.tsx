import { COLOR_SCHEMES, COLOR_SCHEME_LABELS } from '@contract/preferences.constants';
import { Menu } from '@mantine/core';
import { IconCheck } from '@/shared/ui/icons';
import { useColorSchemeChoice } from '../model/use-color-scheme-choice';

/** 'Tema' in the avatar menu: Claro, Oscuro, Sistema, the chosen one marked; the menu stays open to see the change. */
export function ColorSchemeMenuItems() {
  const { colorScheme, choose } = useColorSchemeChoice();
  return (
    <>
      <Menu.Label>Tema</Menu.Label>
      {COLOR_SCHEMES.map((scheme) => {
        const chosen = scheme === colorScheme;
        return (
          <Menu.Item
            key={scheme}
            // Mantine's items are always role="menuitem", which cannot be checked: the chosen one is the current one.
            aria-current={chosen || undefined}
            aria-label={`Tema: ${COLOR_SCHEME_LABELS[scheme]}`}
            leftSection={chosen ? <IconCheck size={16} /> : <span style={{ display: 'inline-block', width: 16 }} />}
            closeMenuOnClick={false}
            onClick={() => choose(scheme)}
          >
            {COLOR_SCHEME_LABELS[scheme]}
          </Menu.Item>
        );
      })}
    </>
  );
}
