import { Button, Group, Pill } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { focusPageHeading } from '@/shared/ui/page-header';

/** One filter a list applies, as staff read it ('País: Colombia'), and the search keys it sets. */
export interface ActiveFilter<K extends string = string> {
  keys: readonly K[];
  label: string;
}

export interface ActiveFiltersProps<K extends string> {
  /** The applied ones only: a filter left unset has no chip. */
  filters: readonly ActiveFilter<K>[];
  /** The list's `setFilters`: a chip's keys, or every chip's, set back to "not set". */
  onChange: (patch: Partial<Record<K, undefined>>) => void;
}

const unset = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, undefined])) as Partial<Record<K, undefined>>;

/**
 * The filters a list applies, each a chip that removes it, and 'Limpiar filtros' for all of them.
 * Focus never falls to the page: after a chip goes it moves to the chip that took its place, and
 * once none is left, to the page's heading.
 */
export function ActiveFilters<K extends string>({ filters, onChange }: ActiveFiltersProps<K>) {
  const group = useRef<HTMLDivElement>(null);
  // The position whose remove button should take focus when the filters next change.
  const focusAt = useRef<number | null>(null);
  // Which filters are applied; the effect waits for this to change, not for any re-render.
  const applied = filters.map((filter) => filter.keys.join()).join('|');

  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = group.current?.querySelectorAll<HTMLButtonElement>('button[data-filter-remove]');
    if (buttons && buttons.length > 0) buttons[Math.min(at, buttons.length - 1)]!.focus();
    else focusPageHeading();
  }, [applied]);

  if (filters.length === 0) return null;
  return (
    <Group ref={group} gap="xs" role="group" aria-label="Filtros aplicados">
      {filters.map((filter, index) => (
        <Pill
          key={filter.keys.join()}
          size="md"
          withRemoveButton
          onRemove={() => {
            focusAt.current = index;
            onChange(unset(filter.keys));
          }}
          // Pill's remove button is hidden from the keyboard by default (it is made for inputs of tags).
          removeButtonProps={{ 'aria-label': `Quitar filtro ${filter.label}`, 'aria-hidden': false, tabIndex: 0, 'data-filter-remove': true } as never}
        >
          {filter.label}
        </Pill>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => {
          focusAt.current = 0;
          onChange(unset(filters.flatMap((filter) => filter.keys)));
        }}
      >
        Limpiar filtros
      </Button>
    </Group>
  );
}

/** The chips of the filters that are set, in the order given; an unset one is a falsy entry. */
export const filterChips = <K extends string>(...chips: (ActiveFilter<K> | false | undefined | null | '' | 0)[]): ActiveFilter<K>[] =>
  chips.filter((chip): chip is ActiveFilter<K> => Boolean(chip));

/** A search-param day (YYYY-MM-DD) as a chip writes it: 05/12/2026. */
export const chipDay = (day: string): string => day.split('-').reverse().join('/');

/** What a select shows for `value`, for its chip; '…' until its options have loaded. */
export const optionLabel = (options: readonly { value: string; label: string }[], value: string | number | undefined): string =>
  options.find((option) => option.value === String(value))?.label ?? '…';

/** The search box's chip, for `filterChips`. */
export const searchChip = (q: string | undefined): ActiveFilter<'q'> | undefined => (q ? { keys: ['q'], label: `Búsqueda: ${q}` } : undefined);
