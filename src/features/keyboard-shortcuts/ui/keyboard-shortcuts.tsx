import { Suspense, lazy, useState } from 'react';
import { useKeyboardShortcuts } from '../model/use-keyboard-shortcuts';
import type { GoToShortcut } from '../model/shortcuts';

// The help dialog is its own chunk, fetched the first time `?` is pressed.
const ShortcutsHelpDialog = lazy(() => import('./shortcuts-help-dialog').then((module) => ({ default: module.ShortcutsHelpDialog })));

export interface KeyboardShortcutsProps {
  /** The screens `g` and a letter go to: only those this person may open. */
  goTo: GoToShortcut[];
}

/** The panel's keyboard shortcuts (see useKeyboardShortcuts) and their `?` dialog. */
export function KeyboardShortcuts({ goTo }: KeyboardShortcutsProps) {
  const [helpOpened, setHelpOpened] = useState(false);
  const [helpWanted, setHelpWanted] = useState(false);
  useKeyboardShortcuts(goTo, () => {
    setHelpWanted(true);
    setHelpOpened(true);
  });
  return helpWanted ? (
    <Suspense fallback={null}>
      <ShortcutsHelpDialog opened={helpOpened} onClose={() => setHelpOpened(false)} goTo={goTo} />
    </Suspense>
  ) : null;
}
