import { parseRecordId } from '@contract/common';
import { badRequest } from './errors';

/** A filter that names a record: a record id (see parseRecordId), or a 400 that says so. */
export function idFilter(name: string, value: string): number {
  const id = parseRecordId(value);
  if (id === null) throw badRequest(`El filtro ${name} debe ser un identificador numérico.`);
  return id;
}

// A Map, not an object literal: a lookup by what the client sent must never reach
// Object.prototype ('constructor', '__proto__', 'toString').
const BOOLEAN_VALUES = new Map<string, boolean>([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);

/** A yes/no filter: 1, 0, true or false (any case), or a 400 that lists them. */
export function booleanFilter(name: string, value: string): boolean {
  const parsed = BOOLEAN_VALUES.get(value.toLowerCase());
  if (parsed === undefined) throw badRequest(`El filtro ${name} admite 1, 0, true o false.`);
  return parsed;
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
