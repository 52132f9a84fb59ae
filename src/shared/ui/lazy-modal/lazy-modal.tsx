import { Suspense, lazy, useState, type ComponentType } from 'react';

/** What a lazily loaded modal needs from its props: whether it is open. */
interface OpenableProps {
  opened: boolean;
}

/**
 * A modal whose code (form, schemas, form library) loads the first time it opens, not with the
 * screen: a list page shows sooner on a phone, and most visits never open the form. Once opened it
 * stays mounted, as a modal always rendered would, so it closes with its animation.
 */
export function lazyModal<Props extends OpenableProps>(load: () => Promise<ComponentType<Props>>) {
  const Loaded = lazy(async () => ({ default: await load() }));

  function LazyModal(props: Props) {
    const [everOpened, setEverOpened] = useState(props.opened);
    if (props.opened && !everOpened) setEverOpened(true);
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
