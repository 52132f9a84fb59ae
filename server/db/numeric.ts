/** A numeric column as the API answers it: drivers return numeric as text, to keep every digit. */
export const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));
