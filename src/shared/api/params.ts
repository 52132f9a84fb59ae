/** A list call's parameters, in the spatie/laravel-query-builder form the server reads. */
export interface ListParams {
  filter?: Record<string, string | number | boolean | null | undefined>;
  include?: string[];
  sort?: string;
  fields?: string[];
  page?: number;
  limit?: number;
}

export const listSearchParams = (params: ListParams): URLSearchParams => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(`filter[${name}]`, String(value));
  }
  if (params.include?.length) search.set('include', params.include.join(','));
  if (params.sort) search.set('sort', params.sort);
  if (params.fields?.length) search.set('fields', params.fields.join(','));
  if (params.page) search.set('page', String(params.page));
  if (params.limit) search.set('limit', String(params.limit));
  return search;
};

type FormValue = string | number | boolean | Blob | null | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * Builds a multipart body with PHP-style brackets (`scopes[0]`, `rate_limit[max_requests]`).
 * Booleans travel as 1/0; empty values are left out.
 */
export const toFormData = (values: Record<string, FormValue>, form = new FormData(), prefix = ''): FormData => {
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (Array.isArray(value)) value.forEach((item, index) => toFormData({ [index]: item }, form, name));
    else if (typeof value === 'object') toFormData(value, form, name);
    else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
    else form.append(name, String(value));
  }
  return form;
};
