import { badRequest } from './errors';

/** A filter that names a record: a positive integer, or a 400 that says so. */
export function idFilter(name: string, value: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw badRequest(`El filtro ${name} debe ser un identificador numérico.`);
  }
  return Number(value);
}

/** A filter over a fixed set of values; a comma list matches any of them (`ACTIVE,PAUSED`). */
export function enumFilter<T extends string>(name: string, value: string, allowed: readonly T[]): T[] {
  const values = [...new Set(value.split(',').map((entry) => entry.trim().toUpperCase()).filter(Boolean))];
  const rejected = values.filter((entry) => !allowed.includes(entry as T));
  if (values.length === 0 || rejected.length > 0) {
    throw badRequest(`El filtro ${name} admite: ${allowed.join(', ')}.`);
  }
  return values as T[];
}
