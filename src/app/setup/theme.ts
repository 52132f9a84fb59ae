import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Shade 8 keeps text on the primary colour above axe's 4.5:1 contrast ratio.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A toast's close button has only an icon: give it a name (axe's button-name rule). A plain
    // object, not Notification.extend, so the entry chunk does not carry the component.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar notificación' } } },
  },
});

/** Mantine's default error red (3.3:1) and dimmed grey fail axe's contrast rule; these pass. */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-error': resolvedTheme.colors.red[8]!,
    '--mantine-color-dimmed': resolvedTheme.colors.gray[7]!,
    '--mantine-color-placeholder': resolvedTheme.colors.gray[7]!,
  },
  dark: {},
});
