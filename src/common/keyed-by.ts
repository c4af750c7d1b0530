/** A keyed map (translations by locale, prices by channel); an empty one is `[]`, as the reference renders it. */
export function keyedBy<T, V>(entries: readonly T[], key: (entry: T) => string, value: (entry: T) => V): Record<string, V> | [] {
  if (entries.length === 0) return [];
  const map: Record<string, V> = {};
  for (const entry of entries) map[key(entry)] = value(entry);
  return map;
}
