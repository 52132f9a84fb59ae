import '@mantine/spotlight/styles.css';
import './search-palette.css';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, SEARCH_MIN_LENGTH, SEARCH_TYPES, SEARCH_TYPE_LABELS } from '@contract/search.constants';
import { Highlight, Loader, ScrollArea, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, createSpotlight } from '@mantine/spotlight';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { searchQueries, SEARCH_FALLBACK, type SearchResult } from '@/entities/search';
import { errorMessage } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { PALETTE_SEARCH_DEBOUNCE_MS } from '@/shared/config';
import { openNewRecordFormWhenShown } from '@/shared/lib/shortcut-targets';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconSearch } from '@/shared/ui/icons';
import { fold, matchedPart } from '../lib/matched-part';
import type { PaletteAction } from '../model/palette-action';
import { readRecentRecords, rememberRecentRecord } from '../model/recent-records';

export interface SearchPaletteProps {
  opened: boolean;
  onClose: () => void;
  /** The shortcuts to screens and forms this person may open, in the order they are offered. */
  actions: PaletteAction[];
}

/** One line of the palette: a record found or opened lately, or an action. */
type Item = { key: string; group: string } & ({ record: SearchResult } | { action: PaletteAction });

const countText = (count: number, query: string) => (count === 0 ? `Sin resultados para "${query}"` : count === 1 ? '1 resultado' : `${count} resultados`);

/**
 * The Ctrl+K palette: the records of every kind matching what is typed (asked 150 ms after typing
 * stops, grouped by kind, the matched part highlighted), the actions this person may take and,
 * with the box empty, the records they opened lately. Arrows move, Enter opens, Escape closes; a
 * polite live region says how many results there are.
 *
 * Mantine's Spotlight draws the dialog, its box and its groups, and styles the lines; the lines and
 * the selection are kept here, not in its store, so the box can name the selected line to screen
 * readers (`aria-activedescendant`) and a list that changes when the answer arrives starts again
 * from its first line.
 */
export function SearchPalette({ opened, onClose, actions }: SearchPaletteProps) {
  const [store, spotlight] = useState(createSpotlight)[0];
  const router = useRouter();
  const userId = useSessionStore((state) => state.user?.id);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const [recent, setRecent] = useState<SearchResult[]>(() => (userId === undefined ? [] : readRecentRecords(userId)));
  const listId = useId();

  // Mounted closed and opened here, so Mantine's modal sees the opening and keeps what had focus.
  useEffect(() => {
    if (opened) spotlight.open();
    else spotlight.close();
  }, [opened, spotlight]);

  const typed = query.trim();
  const [debounced] = useDebouncedValue(typed, PALETTE_SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({ ...searchQueries.list(debounced), enabled: searching, placeholderData: keepPreviousData });
  // The answer shown belongs to what is typed now (not to a query typed before a pause).
  const current = searching && typed === debounced && results.isSuccess && !results.isPlaceholderData;

  const items = useMemo<Item[]>(() => {
    const folded = fold(typed);
    const offered = actions
      .filter((action) => !folded || fold(action.label).includes(folded))
      .map((action) => ({ key: `action:${action.to}:${action.label}`, group: 'Acciones', action }));
    if (!typed) return [...recent.map((record) => ({ key: `recent:${record.type}:${record.id}`, group: 'Recientes', record })), ...offered];
    const found = searching && results.data ? results.data : [];
    const byKind = SEARCH_TYPES.flatMap((type) =>
      found.filter((record) => record.type === type).map((record) => ({ key: `${record.type}:${record.id}`, group: SEARCH_TYPE_LABELS[type], record })),
    );
    return [...offered, ...byKind];
  }, [actions, recent, typed, searching, results.data]);

  // A new list starts from its first line.
  const itemKeys = items.map((item) => item.key).join('|');
  useEffect(() => setSelected(0), [itemKeys]);

  const choose = (item: Item | undefined) => {
    if (!item) return;
    spotlight.close();
    if ('record' in item) {
      if (userId !== undefined) setRecent(rememberRecentRecord(userId, item.record));
      void router.navigate({ href: item.record.url });
      return;
    }
    const { to, opensForm } = item.action;
    void router.navigate({ href: to }).then(() => {
      if (opensForm) openNewRecordFormWhenShown();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || items.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((index) => (index + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[selected]);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const highlighted = current ? debounced : '';
  const groups = [...new Set(items.map((item) => item.group))];
  const announcement = !searching || typed !== debounced ? '' : results.isError ? '' : current ? countText(items.length, debounced) : 'Buscando…';

  return (
    <Spotlight.Root
      store={store}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={480}
      // The dialog's name: Spotlight draws no title for it to point at.
      attributes={{ content: { 'aria-label': 'Buscar en el panel' } }}
    >
      <Spotlight.Search
        aria-label="Buscar en el panel"
        data-autofocus
        placeholder="Buscar sponsors, clientes, agendamientos…"
        maxLength={SEARCH_MAX_LENGTH}
        leftSection={<IconSearch size={18} />}
        rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : null}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(selected) : undefined}
        onKeyDown={onKeyDown}
      />
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      <ScrollArea.Autosize className={Spotlight.classes.actionsList} type="scroll" offsetScrollbars="y" scrollbarSize="var(--spotlight-actions-list-padding)">
        <div id={listId} role="listbox" aria-label="Resultados">
          {groups.map((group) => (
            <Spotlight.ActionsGroup key={group} label={group} role="group" aria-label={group}>
              {items.map((item, index) =>
                item.group === group ? (
                  <UnstyledButton
                    key={item.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === selected}
                    data-selected={index === selected || undefined}
                    className={`${Spotlight.classes.action} search-palette__line`}
                    tabIndex={-1}
                    // The box keeps focus (and its caret) when a line is clicked.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(item)}
                  >
                    <ItemText item={item} query={highlighted} />
                  </UnstyledButton>
                ) : null,
              )}
            </Spotlight.ActionsGroup>
          ))}
        </div>
        {typed.length > 0 && typed.length < SEARCH_MIN_LENGTH ? <Spotlight.Empty>{SEARCH_MESSAGES.qTooShort}</Spotlight.Empty> : null}
        {searching && results.isPending ? <Spotlight.Empty>Buscando…</Spotlight.Empty> : null}
        {current && items.length === 0 ? <Spotlight.Empty>{countText(0, debounced)}</Spotlight.Empty> : null}
        {searching && results.isError ? (
          <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
            <ErrorAlert message={errorMessage(results.error, SEARCH_FALLBACK)} error={results.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />
          </div>
        ) : null}
      </ScrollArea.Autosize>
      {/* The keys' reminder, where there is a keyboard to speak of. */}
      <Spotlight.Footer visibleFrom="sm">
        <Text size="xs" c="dimmed">
          ↑ ↓ para moverte · Enter para abrir · Esc para cerrar
        </Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

/** `text` with the part `query` matches highlighted (a customer found by DNI: in the subtitle). */
function Matched({ text, query, className }: { text: string; query: string; className?: string }) {
  const part = query ? matchedPart(text, query) : null;
  return part ? (
    <Highlight component="span" highlight={part} className={className}>
      {text}
    </Highlight>
  ) : (
    <span className={className}>{text}</span>
  );
}

/** A line's title and, below, what tells it apart, the matched part highlighted. */
function ItemText({ item, query }: { item: Item; query: string }) {
  const title = 'record' in item ? item.record.title : item.action.label;
  const subtitle = 'record' in item ? item.record.subtitle : item.action.description;
  return (
    <span className={Spotlight.classes.actionBody}>
      <Matched text={title} query={query} className={Spotlight.classes.actionLabel} />
      {subtitle ? <Matched text={subtitle} query={query} className={Spotlight.classes.actionDescription} /> : null}
    </span>
  );
}
