import type { Paginated } from '@/shared/api';
import { Pager } from '../pager';

type PageOf = Pick<Paginated<unknown>, 'current_page' | 'last_page' | 'total' | 'total_is_estimate'>;

export interface ListFooterProps {
  /** The list's query (a TanStack Query result fits): its answer places the pager. */
  list: { data?: PageOf; isPlaceholderData: boolean };
  /** What is counted, e.g. 'usuarios' gives 'N usuarios en total'. */
  noun?: string;
  /** False leaves the total out of the pager's line: 'Página X de Y' alone. */
  withTotal?: boolean;
  onChange: (page: number) => void;
  /** Where focus goes after a page change; the page's heading unless given (a list inside a dialog). */
  focusAfterChange?: () => void;
}

/**
 * Under a list: where the user is, the total, Anterior/Siguiente, from the server's paginator.
 * Nothing until the first answer; while another page loads the buttons are off.
 */
export function ListFooter({ list, noun, withTotal = true, onChange, focusAfterChange }: ListFooterProps) {
  const page = list.data;
  if (!page) return null;
  return (
    <Pager
      page={page.current_page}
      lastPage={page.last_page}
      {...(withTotal ? { total: page.total } : {})}
      estimated={page.total_is_estimate}
      noun={noun}
      disabled={list.isPlaceholderData}
      onChange={onChange}
      {...(focusAfterChange ? { focusAfterChange } : {})}
    />
  );
}
