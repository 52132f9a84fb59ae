/** A list answer as the server builds it (the Laravel paginator), for msw handlers. */
export function paginate<T>(items: T[], url: URL, defaultLimit = 15) {
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
    from: data.length > 0 ? (page - 1) * limit + 1 : null,
    to: data.length > 0 ? (page - 1) * limit + data.length : null,
    first_page_url: pageUrl(1),
    last_page_url: pageUrl(lastPage),
    prev_page_url: page > 1 ? pageUrl(page - 1) : null,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    path: `${url.origin}${url.pathname}`,
  };
}

/** Keeps only the `fields=` the request asked for. */
export const pickFields = <T extends object>(items: T[], url: URL): Partial<T>[] => {
  const fields = url.searchParams.get('fields')?.split(',').filter(Boolean);
  if (!fields?.length) return items;
  return items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => fields.includes(key))) as Partial<T>);
};
