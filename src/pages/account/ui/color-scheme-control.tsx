import { COLOR_SCHEMES, COLOR_SCHEME_LABELS } from '@contract/preferences.constants';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useColorSchemeChoice } from '@/features/choose-color-scheme';

/**
 * 'Tema' in 'Mi cuenta': Claro, Oscuro or Sistema (the system's setting, day or night), as three
 * toggle buttons, the chosen one pressed. Here, not in the feature the avatar menu imports: every
 * screen would carry it for the one page that shows it.
 */
export function ColorSchemeControl() {
  const { colorScheme, choose } = useColorSchemeChoice();
  return (
    <Stack gap={6} role="group" aria-labelledby="color-scheme-label" aria-describedby="color-scheme-description">
      <Text size="sm" fw={500} id="color-scheme-label">
        Tema
      </Text>
      <Text size="xs" c="dimmed" id="color-scheme-description">
        Sistema sigue el ajuste claro u oscuro de tu dispositivo. Se guarda en tu cuenta, para cualquier navegador.
      </Text>
      <Group gap="xs">
        {COLOR_SCHEMES.map((scheme) => {
          const chosen = scheme === colorScheme;
          return (
            <Button key={scheme} variant={chosen ? 'filled' : 'default'} aria-pressed={chosen} onClick={() => choose(scheme)}>
              {COLOR_SCHEME_LABELS[scheme]}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
