import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import { useRef } from 'react';
import { dialogOpen, focusPageSearch, openNewRecordForm } from '@/shared/lib/shortcut-targets';
import { SEQUENCE_TIMEOUT_MS, type GoToShortcut } from './shortcuts';

/**
 * `/` focuses the screen's search box, `n` opens its 'Nuevo …' form, `g` then a letter goes to a
 * screen, `?` calls `onHelp`. Mantine's hotkeys already leave alone what is typed in a field
 * (input, textarea, select, contenteditable); none acts while a dialog is open either, and a key
 * that finds nothing to do on the screen is left to the browser.
 */
export function useKeyboardShortcuts(goTo: GoToShortcut[], onHelp: () => void) {
  const router = useRouter();
  // When `g` was pressed: the start of a two-key sequence, forgotten after a moment.
  const sequenceStart = useRef(0);

  const shortcut = (hotkey: string, act: () => boolean): HotkeyItem => [
    hotkey,
    (event) => {
      if (event.repeat || dialogOpen()) return;
      if (act()) event.preventDefault();
    },
    { preventDefault: false },
  ];
  const afterG = (destination: GoToShortcut) =>
    shortcut(destination.key, () => {
      const inSequence = Date.now() - sequenceStart.current < SEQUENCE_TIMEOUT_MS;
      sequenceStart.current = 0;
      if (!inSequence) return false;
      void router.navigate({ href: destination.to });
      return true;
    });
  const help = () => {
    onHelp();
    return true;
  };

  useHotkeys([
    // '/' and '?' are Shift+7 and Shift+' on a Spanish keyboard, and '/' and Shift+/ on a US one.
    shortcut('/', focusPageSearch),
    shortcut('shift+/', focusPageSearch),
    shortcut('n', openNewRecordForm),
    shortcut('?', help),
    shortcut('shift+?', help),
    shortcut('g', () => {
      sequenceStart.current = Date.now();
      return true;
    }),
    ...goTo.map(afterG),
  ]);
}
