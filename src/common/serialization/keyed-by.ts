/**
 * A JSON object keyed by `key(entry)` (translations by locale, channel pricings by channel code).
 * An empty map is written as `[]`, as the reference serializer does for empty keyed collections.
 */
export function keyedBy<T, V>(entries: readonly T[], key: (entry: T) => string, value: (entry: T) => V): Record<string, V> | [] {
  if (entries.length === 0) return [];
  const map: Record<string, V> = {};
  for (const entry of entries) map[key(entry)] = value(entry);
  return map;
}
