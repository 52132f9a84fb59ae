import { Suspense, lazy, useEffect, useRef, useState, type ComponentType } from 'react';
import { useScreenSettled } from '@/shared/lib/use-screen-settled';

type LoadModal<Props> = () => Promise<ComponentType<Props>>;

/** How long after a close Mantine's own focus return (10 ms) has had its chance. */
const FOCUS_RETURN_DELAY_MS = 50;

/**
 * A modal whose code (form, schemas, form library) is its own chunk, fetched once the screen has
 * its data and the browser is idle, or at once when it is opened first: the code never competes
 * with the screen's own request and first rows on a phone. `prefetch: false` for a modal few open
 * (a saved view's form on every list, the customers import with its CSV reader): its code is fetched only when it is first opened. It stays mounted from then on,
 * closed, as a modal always rendered would: Mantine sees every opening and closing, so its overlay,
 * its animation and the focus given back to what opened it behave as usual (a modal first mounted
 * already open left its overlay over the page after Escape in the browser).
 */
export function lazyModal<Props extends object>(
  load: LoadModal<Props>,
  // Fetched on its first opening, a modal must say when it is open.
  { prefetch = true }: { prefetch?: Props extends { opened: boolean } ? boolean : true } = {},
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));

  function LazyModal(props: Props) {
    // Opened before its code arrived, the modal mounts already open and Mantine never saw what had
    // the focus: that element is kept here and focused again when the modal closes.
    const opened = (props as { opened?: unknown }).opened === true;
    const opener = useRef<HTMLElement | null>(null);
    // The code is fetched once the screen has settled (when prefetched), or at once when the modal is opened first.
    const settled = useScreenSettled() && prefetch;
    const [openedOnce, setOpenedOnce] = useState(opened);
    if (opened && !openedOnce) setOpenedOnce(true);
    useEffect(() => {
      if (opened) {
        const focused = document.activeElement;
        opener.current = focused instanceof HTMLElement && !focused.closest('[role="dialog"]') && focused !== document.body ? focused : null;
        return;
      }
      const first = opener.current;
      if (!first) return;
      opener.current = null;
      const timer = window.setTimeout(() => {
        const focused = document.activeElement;
        const lost = !focused || focused === document.body || focused.closest('[role="dialog"]') !== null;
        if (lost && first.isConnected) first.focus();
      }, FOCUS_RETURN_DELAY_MS);
      return () => window.clearTimeout(timer);
    }, [opened]);

    // Nothing to show while the code arrives.
    if (!settled && !openedOnce) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
