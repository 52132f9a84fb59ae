/**
 * Appends `value` to the array of `key` in `groups`, grown in place. Copying the array for every
 * row (`[...(groups.get(key) ?? []), value]`) made grouping a query's rows quadratic per key,
 * which a page of DSPs with a hundred staff each felt.
 */
export function appendTo<Key, Value>(groups: Map<Key, Value[]>, key: Key, value: Value): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}
