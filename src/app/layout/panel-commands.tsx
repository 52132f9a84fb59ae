import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { GlobalSearch, type PaletteAction } from '@/features/global-search';
import { KeyboardShortcuts, type GoToShortcut } from '@/features/keyboard-shortcuts';
import { useSessionStore } from '@/shared/auth';
import { isLinkActive, menuFor, type MenuLink } from './menu';

/** The screens `g` and a letter go to. */
const GO_TO_SCREENS = [
  { key: 's', to: '/sponsors' },
  { key: 'u', to: '/users' },
  { key: 'c', to: '/categorias' },
  { key: 'd', to: '/dsp-config' },
  { key: 'a', to: '/agendamientos' },
];

/** The lists whose 'Nuevo …' form the palette opens (the list's button marked for the `n` shortcut). */
const NEW_RECORD_SCREENS = [
  { label: 'Nuevo sponsor', to: '/sponsors' },
  { label: 'Nuevo usuario', to: '/users' },
  { label: 'Nueva categoría', to: '/categorias' },
  { label: 'Nueva DSP', to: '/dsp-config' },
];

/**
 * The top bar's search (Ctrl+K) and the keyboard shortcuts, offering only the screens this person
 * may open: those of their menu, the same rule the sidebar follows.
 */
export function PanelCommands() {
  const user = useSessionStore((state) => state.user);
  const { routeTree } = useRouter();
  const { actions, goTo } = useMemo(() => {
    const links = menuFor(user, routeTree).flatMap((entry): MenuLink[] => ('children' in entry ? entry.children : [entry]));
    const linkTo = (path: string) => links.find((link) => isLinkActive(link, path));
    const goTo: GoToShortcut[] = GO_TO_SCREENS.flatMap(({ key, to }) => {
      const link = linkTo(to);
      return link ? [{ key, to, label: link.label }] : [];
    });
    const actions: PaletteAction[] = [
      ...links.map((link) => ({ label: `Ir a ${link.label}`, to: link.to })),
      { label: 'Ir a Mi cuenta', to: '/mi-cuenta' },
      ...NEW_RECORD_SCREENS.filter(({ to }) => linkTo(to)).map((screen) => ({ ...screen, opensForm: true })),
    ];
    return { actions, goTo };
  }, [user, routeTree]);

  return (
    <>
      <GlobalSearch actions={actions} />
      <KeyboardShortcuts goTo={goTo} />
    </>
  );
}
