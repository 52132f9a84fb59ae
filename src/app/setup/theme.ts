import { createTheme } from '@mantine/core';
import type { CalendarAriaLabels } from '@mantine/dates';

/** The calendar's arrows, named at every level: Mantine leaves them without a name. */
const CALENDAR_LABELS: CalendarAriaLabels = {
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
};

// Shade 8 keeps text on the primary colour above axe's 4.5:1 contrast ratio.
// Focus: Mantine's ring ('auto': keyboard focus only) is 2px with a 2px offset in the primary
// colour; app/styles/global.css gives inputs and sidebar items the same ring.
export const theme = createTheme({
  focusRing: 'auto',
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A toast's close button has only an icon: give it a name (axe's button-name rule). A plain
    // object, not Notification.extend, so the entry chunk does not carry the component.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar notificación' } } },
    // A list of cards with images (campaigns, plans, DSPs, sponsors' logos) fetched every image of
    // its page at once: on a phone, a dozen banners for the two in sight. Lazy, the browser fetches
    // an image as it nears the screen. The panel draws its images with script, after the page's own
    // requests, so the ones in sight lose nothing: the browser finds them only at that render either
    // way. Fixed sizes or aspect ratios keep the layout from moving as they arrive.
    Image: { defaultProps: { loading: 'lazy' } },
    // Every date field and calendar of the panel, in one place (plain objects, as above).
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DatePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
  },
});
