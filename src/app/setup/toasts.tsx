import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, top right. Its own module, imported lazily by PanelProviders: a lazy
 * import of the package itself made the chunk holding the package (records, which shows toasts
 * through its `notifications` API) carry the container and its transitions too, on every screen.
 */
export function Toasts() {
  return <Notifications position="top-right" />;
}
