import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, top right under the top bar. Its own module, imported lazily by
 * PanelProviders: a lazy import of the package itself made the chunk holding the package (records,
 * which shows toasts through its `notifications` API) carry the container and its transitions too,
 * on every screen.
 */
export function Toasts() {
  // `toasts` (app/styles/global.css) puts them below the top bar, off the user menu.
  return <Notifications position="top-right" classNames={{ root: 'toasts' }} />;
}
