import { Button, Kbd, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';
import { dialogOpen } from '@/shared/lib/shortcut-targets';
import { IconSearch } from '@/shared/ui/icons';
import type { PaletteAction } from '../model/palette-action';

// The palette (Spotlight, its styles, the search entity) is its own chunk, fetched the first time
// it is opened: every screen's first load carries only this button and the Ctrl+K listener.
const SearchPalette = lazy(() => import('./search-palette').then((module) => ({ default: module.SearchPalette })));

const onMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export interface GlobalSearchProps {
  actions: PaletteAction[];
}

/** The top bar's search button and Ctrl+K (⌘K on a Mac), from anywhere, even a field: both open the palette. */
export function GlobalSearch({ actions }: GlobalSearchProps) {
  const [opened, setOpened] = useState(false);
  // Mounted from its first opening on, closed in between, so Mantine sees each opening.
  const [wanted, setWanted] = useState(false);
  const open = () => {
    setWanted(true);
    setOpened(true);
  };
  useHotkeys(
    [
      [
        'mod+K',
        (event) => {
          if (opened) {
            event.preventDefault();
            setOpened(false);
            return;
          }
          // Over another dialog (a form) it would stack a second focus trap: that dialog keeps the keys.
          if (dialogOpen()) return;
          event.preventDefault();
          open();
        },
        { preventDefault: false },
      ],
    ],
    [],
    true,
  );

  return (
    <>
      <Button
        variant="default"
        aria-label="Buscar"
        aria-keyshortcuts={onMac ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        leftSection={<IconSearch size={16} />}
        onClick={open}
        px={{ base: 'xs', sm: 'md' }}
        styles={{ section: { marginInlineEnd: 0 } }}
      >
        <Text span size="sm" visibleFrom="sm" mx="xs">
          Buscar
        </Text>
        <Kbd size="xs" visibleFrom="sm" aria-hidden>
          {onMac ? '⌘ K' : 'Ctrl K'}
        </Kbd>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchPalette opened={opened} onClose={() => setOpened(false)} actions={actions} />
        </Suspense>
      ) : null}
    </>
  );
}
