const paramsOf = (search: string) => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

/** The `view` of the address, when it names one (a positive whole number). */
export function viewIdOf(search: string): number | undefined {
  const raw = paramsOf(search).get('view');
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The address has no search parameters at all: the list as opened from the menu. */
export const isBare = (search: string) => paramsOf(search).size === 0;

/** The address names a view and nothing else, as a copied link does. */
export const onlyView = (search: string) => {
  const params = paramsOf(search);
  return params.size === 1 && params.has('view');
};

/** `pathname` with the view's query and `view={id}`: the list as the view shows it. */
export function viewHref(pathname: string, view: { id: number; query: string }): string {
  const params = paramsOf(view.query);
  params.delete('view');
  params.set('view', String(view.id));
  return `${pathname}?${params.toString()}`;
}

/** `pathname` with the address's search without `view`. */
export function hrefWithoutView(pathname: string, search: string): string {
  const params = paramsOf(search);
  params.delete('view');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The link 'Copiar enlace' copies: the view on this list, opened by whoever may see it. */
export const viewLink = (origin: string, pathname: string, id: number) => `${origin}${pathname}?view=${id}`;
