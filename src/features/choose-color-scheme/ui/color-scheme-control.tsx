import { COLOR_SCHEMES, COLOR_SCHEME_LABELS } from '@contract/preferences.constants';
import { Group, Radio } from '@mantine/core';
import { useColorSchemeChoice } from '../model/use-color-scheme-choice';

/** 'Tema' in 'Mi cuenta': Claro, Oscuro or Sistema (the system's setting, day or night). */
export function ColorSchemeControl() {
  const { colorScheme, choose } = useColorSchemeChoice();
  return (
    <Radio.Group
      label="Tema"
      description="Sistema sigue el ajuste claro u oscuro de tu dispositivo. Se guarda en tu cuenta, para cualquier navegador."
      value={colorScheme}
      onChange={(value) => choose(value as (typeof COLOR_SCHEMES)[number])}
    >
      <Group gap="lg" mt="xs">
        {COLOR_SCHEMES.map((scheme) => (
          <Radio key={scheme} value={scheme} label={COLOR_SCHEME_LABELS[scheme]} />
        ))}
      </Group>
    </Radio.Group>
  );
}
