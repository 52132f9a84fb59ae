import { Suspense, lazy, useState, type ComponentType } from 'react';

type LoadModal<Props> = () => Promise<ComponentType<Props>>;

/**
 * A modal whose code (form, schemas, form library) loads the first time it opens, not with the
 * screen: a list page shows sooner on a phone, and most visits never open the form. Once opened it
 * stays mounted, as a modal always rendered would, so it closes with its animation. `isOpen` reads
 * the props of a modal that is not opened by an `opened` prop (e.g. one open while it has a record).
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
    if (opened && !everOpened) setEverOpened(true);
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
