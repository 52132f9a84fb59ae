import { Suspense, lazy, useEffect, useRef, useState, type ComponentType } from 'react';

type LoadModal<Props> = () => Promise<ComponentType<Props>>;

/** How long after a close Mantine's own focus return (10 ms) has had its chance. */
const FOCUS_RETURN_DELAY_MS = 50;

/**
 * A modal whose code (form, schemas, form library) loads the first time it opens, not with the
 * screen: a list page shows sooner on a phone, and most visits never open the form. Once opened it
 * stays mounted, as a modal always rendered would, so it closes with its animation. `isOpen` reads
 * the props of a modal that is not opened by an `opened` prop (e.g. one open while it has a record).
 *
 * A modal gives the focus back to what opened it when it closes, but only when it saw itself open:
 * the first time, it mounts already open, so the element focused when it was asked for is kept here
 * and focused again after that first close, unless the focus has already gone somewhere outside a
 * dialog.
 */
export function lazyModal<Props extends { opened: boolean }>(load: LoadModal<Props>): ComponentType<Props>;
export function lazyModal<Props extends object>(load: LoadModal<Props>, isOpen: (props: Props) => boolean): ComponentType<Props>;
export function lazyModal<Props extends object>(
  load: LoadModal<Props>,
  isOpen = (props: Props) => (props as Props & { opened: boolean }).opened,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));

  function LazyModal(props: Props) {
    const opened = isOpen(props);
    const [everOpened, setEverOpened] = useState(opened);
    const opener = useRef<HTMLElement | null>(null);
    if (opened && !everOpened) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setEverOpened(true);
    }

    useEffect(() => {
      const first = opener.current;
      if (opened || !first) return;
      opener.current = null;
      const timer = window.setTimeout(() => {
        const focused = document.activeElement;
        const lost = !focused || focused === document.body || focused.closest('[role="dialog"]') !== null;
        if (lost && first.isConnected) first.focus();
      }, FOCUS_RETURN_DELAY_MS);
      return () => window.clearTimeout(timer);
    }, [opened]);

    if (!everOpened) return null;
    // Nothing to show while the code arrives: the modal appears when it has.
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
