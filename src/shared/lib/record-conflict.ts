/** A value a select shows by its label. */
export interface ConflictOption {
  value: string;
  label: string;
}

/** How the conflict dialog names one field of a form and shows its value. */
export interface ConflictField<Value> {
  label: string;
  /** The select's options: a value (or each value of a list) shows as its label. */
  options?: readonly ConflictOption[];
  /** Anything else that is not plain text (an amount with its currency, a rule as a sentence). */
  show?: (value: Value) => string;
}

/**
 * The fields of a form the conflict dialog compares, declared once per form: a label alone, or a
 * label with how to show the value. Fields left out (a file being chosen) are not compared.
 */
export type ConflictFields<Values> = { [Key in keyof Values]?: string | ConflictField<Values[Key]> };

/** One field the person and someone else left different. */
export interface ConflictRow {
  field: string;
  label: string;
  /** The record as it is now. */
  now: string;
  /** What the person was saving. */
  yours: string;
  /** The person changed this field; otherwise only the other person did, and theirs stays. */
  changedByYou: boolean;
}

export const EMPTY_VALUE = '(vacío)';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

// Empty is empty however the form holds it; a list of choices is the same set in any order.
const normalized = (value: unknown): unknown => {
  if (isEmpty(value)) return null;
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    const items = value.map(normalized);
    return items.every((item) => typeof item !== 'object' || item === null) ? items.map(String).sort() : items;
  }
  if (typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, normalized(item)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  }
  return value;
};

/** Whether two values of a form field say the same (spaces around text, order of a list and `''` vs null do not count). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));

/** A field's value as staff read it: option labels, Sí/No, '(vacío)'. */
export function showValue<Value>(value: Value, field: string | ConflictField<Value>): string {
  if (typeof field !== 'string' && field.show) return field.show(value);
  if (isEmpty(value)) return EMPTY_VALUE;
  const options = typeof field === 'string' ? undefined : field.options;
  const one = (item: unknown): string => {
    if (typeof item === 'boolean') return item ? 'Sí' : 'No';
    const label = options?.find((option) => option.value === String(item))?.label;
    if (label !== undefined) return label;
    return typeof item === 'object' ? JSON.stringify(item) : String(item);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

/**
 * The fields where the record as it is now and what the person is saving differ, in the order
 * the form declares them.
 */
export function conflictRows<Values extends object>(
  fields: ConflictFields<Values>,
  now: Values,
  yours: Values,
  changedByYou: (field: keyof Values & string) => boolean,
): ConflictRow[] {
  return (Object.keys(fields) as (keyof Values & string)[]).flatMap((key) => {
    const field = fields[key];
    if (field === undefined || sameValue(now[key], yours[key])) return [];
    return [{ field: key, label: typeof field === 'string' ? field : field.label, now: showValue(now[key], field), yours: showValue(yours[key], field), changedByYou: changedByYou(key) }];
  });
}

/** The record as it is now with the person's own edits on top: what 'Guardar mis cambios' sends. */
export function withYourEdits<Values extends object>(now: Values, yours: Values, changedByYou: (field: keyof Values & string) => boolean): Values {
  const merged = { ...now };
  for (const key of Object.keys(yours) as (keyof Values & string)[]) if (changedByYou(key)) merged[key] = yours[key];
  return merged;
}
