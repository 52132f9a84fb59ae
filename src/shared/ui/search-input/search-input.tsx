import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/shared/config';
import { SHORTCUT_TARGET } from '@/shared/lib/shortcut-targets';
import { IconSearch } from '../icons';

export interface SearchInputProps {
  /** The search in force, usually the URL's `q`. */
  value: string | undefined;
  /** Called with the trimmed text once typing stops for 400 ms, or at once on Enter or clear. */
  onSearch: (value: string) => void;
  /** The accessible name; shown above the box only with `showLabel`. */
  label: string;
  placeholder?: string;
  showLabel?: boolean;
  /** @default SEARCH_DEBOUNCE_MS */
  delay?: number;
  maw?: number | string;
}

/**
 * A search box that keeps its own text while typing and reports it debounced; when `value` changes
 * from outside (Back button, a link) the box shows the new value. `/` focuses it (shortcut-targets).
 */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  showLabel = false,
  delay = SEARCH_DEBOUNCE_MS,
  maw,
}: SearchInputProps) {
  const current = value ?? '';
  const [text, setText] = useState(current);
  // Searches reported but not yet seen back in `value` (the URL may commit after a loader runs).
  const sent = useRef<string[]>([]);
  const report = (next: string) => {
    sent.current.push(next);
    onSearch(next);
  };
  const search = useDebouncedCallback(report, delay);

  // Our own search coming back leaves the box alone: the user may have typed on meanwhile. Any
  // other change (Back button, a link) replaces the text and drops a search still waiting.
  useEffect(() => {
    const echo = sent.current.indexOf(current);
    if (echo !== -1) {
      sent.current = sent.current.slice(echo + 1);
      return;
    }
    sent.current = [];
    search.cancel();
    setText(current);
  }, [current, search]);

  const change = (next: string) => {
    setText(next);
    const latest = sent.current.at(-1) ?? current;
    if (next.trim() === latest) search.cancel();
    else search(next.trim());
  };

  const clear = () => {
    setText('');
    search.cancel();
    if (current) report('');
  };

  return (
    <TextInput
      role="searchbox"
      // The `/` shortcut focuses the screen's search box by this mark.
      data-shortcut={SHORTCUT_TARGET.search}
      enterKeyHint="search"
      label={showLabel ? label : undefined}
      aria-label={showLabel ? undefined : label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
      leftSection={<IconSearch size={16} />}
      rightSection={text ? <CloseButton size="sm" aria-label="Limpiar búsqueda" onClick={clear} /> : null}
      maw={maw}
      w="100%"
    />
  );
}
