import { Button, Group, Text } from '@mantine/core';
import { formatCount, formatTotal } from '../../lib/format';
import { IconChevronLeft, IconChevronRight } from '../icons';
import { focusPageHeading } from '../page-header';

export interface PagerProps {
  page: number;
  lastPage: number;
  /** Items over all pages; when left out only 'Página X de Y' shows. */
  total?: number;
  /** The total is the server's estimate (`total_is_estimate`): 'más de 10.000', and no 'de Y'. */
  estimated?: boolean;
  /** What is counted, e.g. 'usuarios' gives 'N usuarios en total'. */
  noun?: string;
  onChange: (page: number) => void;
  /** Turns both buttons off, e.g. while the next page loads. */
  disabled?: boolean;
  /** Moves focus after a page change; the page's heading by default (a list in a modal names its own). */
  focusAfterChange?: () => void;
}

/** 'Página X de Y • N en total' with Anterior/Siguiente; hidden when everything fits on one page. */
export function Pager({ page, lastPage, total, estimated = false, noun, onChange, disabled = false, focusAfterChange = focusPageHeading }: PagerProps) {
  if (lastPage <= 1) return null;

  // The button pressed may turn off (first or last page): focus starts again at the page's heading.
  const go = (next: number) => {
    onChange(next);
    focusAfterChange();
  };

  const counted = total === undefined ? '' : ` • ${formatTotal(total, estimated)} ${noun ? `${noun} ` : ''}en total`;
  // Past the exact count the last page is an estimate too: only the page itself is stated.
  const of = estimated ? '' : ` de ${formatCount(lastPage)}`;

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label="Paginación">
      <Text size="sm" c="dimmed">
        {`Página ${formatCount(page)}${of}${counted}`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} />}
          disabled={disabled || page <= 1}
          onClick={() => go(page - 1)}
        >
          Anterior
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} />}
          disabled={disabled || page >= lastPage}
          onClick={() => go(page + 1)}
        >
          Siguiente
        </Button>
      </Group>
    </Group>
  );
}
