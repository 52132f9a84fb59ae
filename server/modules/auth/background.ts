/**
 * Work done after the answer has gone out (mailing a recovery code), kept track of so that
 * closing the app waits for it and tests can await it.
 */
export interface BackgroundWork {
  /** Starts `task` without awaiting it; a failure goes to `onError`, never to the caller. */
  run(task: () => Promise<void>, onError: (error: unknown) => void | Promise<void>): void;
  /** Resolves once every task started so far has finished. */
  idle(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const pending = new Set<Promise<void>>();
  return {
    run(task, onError) {
      const settled = Promise.resolve()
        .then(task)
        .catch(onError)
        .catch(() => undefined)
        .finally(() => pending.delete(settled));
      pending.add(settled);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
