import type { EntityManager } from '@mikro-orm/postgresql';

/** The codes of the shop's locales in the order they were created: the children of every translations map. */
export async function localeCodes(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<Array<{ code: string }>>('select code from locale order by id');
  return rows.map((row) => row.code);
}
