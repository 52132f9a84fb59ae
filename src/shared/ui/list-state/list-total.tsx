import { Text } from '@mantine/core';

export interface ListTotalProps {
  /** The server's total over every page. */
  total: number;
  /** E.g. 'sponsor'. */
  one: string;
  /** E.g. 'sponsors'. */
  many: string;
}

/** How many records the list holds over all its pages, e.g. '24 sponsors', announced when it changes. */
export function ListTotal({ total, one, many }: ListTotalProps) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {`${total} ${total === 1 ? one : many}`}
    </Text>
  );
}
