import { Text } from '@mantine/core';
import { formatTotal } from '../../lib/format';

export interface ListTotalProps {
  /** The server's total over every page. */
  total: number;
  /** The server's `total_is_estimate`: the list is past the exact count, 'más de 10.000' shows. */
  estimated?: boolean;
  /** E.g. 'sponsor'. */
  one: string;
  /** E.g. 'sponsors'. */
  many: string;
}

/** How many records the list holds over all its pages, e.g. '24 sponsors', announced when it changes. */
export function ListTotal({ total, estimated = false, one, many }: ListTotalProps) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {`${formatTotal(total, estimated)} ${total === 1 && !estimated ? one : many}`}
    </Text>
  );
}
