import { paginator } from '@contract/common';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, limitTooLargeMessage } from '@contract/list.constants';
import type { z } from 'zod';
import { answer, fail } from './envelope';

/** A list answer as the server builds it (the Laravel paginator), for msw handlers. */
export function paginate<T>(items: T[], url: URL, defaultLimit = DEFAULT_LIST_LIMIT) {
  const limit = Number(url.searchParams.get('limit') ?? defaultLimit);
  const page = Number(url.searchParams.get('page') ?? 1);
  const lastPage = Math.max(1, Math.ceil(items.length / limit));
  const data = items.slice((page - 1) * limit, page * limit);
  const pageUrl = (target: number) => {
    const copy = new URL(url);
    copy.searchParams.set('page', String(target));
    return copy.toString();
  };
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: limit,
    total: items.length,
    total_is_estimate: false,
    from: data.length > 0 ? (page - 1) * limit + 1 : null,
    to: data.length > 0 ? (page - 1) * limit + data.length : null,
    first_page_url: pageUrl(1),
    last_page_url: pageUrl(lastPage),
    prev_page_url: page > 1 ? pageUrl(page - 1) : null,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    path: `${url.origin}${url.pathname}`,
  };
}

/** The keys a sparse answer keeps: the `fields=` asked for and, as the server does, each relation in `include=`. */
const sparseKeys = (url: URL): string[] | null => {
  const fields = url.searchParams.get('fields')?.split(',').filter(Boolean);
  if (!fields?.length) return null;
  const relations = url.searchParams.get('include')?.split(',').filter(Boolean).map((path) => path.split('.')[0]!) ?? [];
  return [...fields, ...relations];
};

/** Keeps only the `fields=` the request asked for (and the relations it included). */
export const pickFields = <T extends object>(items: T[], url: URL): Partial<T>[] => {
  const keys = sparseKeys(url);
  if (!keys) return items;
  return items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => keys.includes(key))) as Partial<T>);
};

/**
 * A page of `items` as the list route answers it: `limit` capped as the server caps it, only the
 * asked `fields=`, and the paginator checked against the contract's `paginator(item)` (a sparse
 * answer against the item's fields it asked for).
 */
export function listAnswer<S extends z.ZodObject>(item: S, items: z.input<S>[], url: URL, defaultLimit = DEFAULT_LIST_LIMIT, maxLimit = MAX_LIST_LIMIT) {
  const limit = url.searchParams.get('limit');
  if (limit !== null && Number(limit) > maxLimit) return fail(400, limitTooLargeMessage(maxLimit));
  const keys = sparseKeys(url)?.filter((key) => key in item.shape);
  const schema = keys ? item.pick(Object.fromEntries(keys.map((key) => [key, true])) as never) : item;
  return answer(paginator(schema) as z.ZodType<unknown>, paginate(pickFields(items as object[], url), url, defaultLimit));
}
