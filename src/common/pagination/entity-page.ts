import type { QueryOrderMap } from '@mikro-orm/core';
import { assertPageExists } from './page';
import type { PageRequest } from './page-request';

/** What an ORM read of one page is given: the requested sorts (as entity properties), limit and offset. */
export interface PageWindow<Entity> {
  orderBy: QueryOrderMap<Entity>[];
  limit: number;
  offset: number;
}

/**
 * One page of entities through the ORM: `count` first (a page past the last is a 404), then, unless
 * there is nothing, `read` of the page's window, sorted as the request asks with each sort field mapped
 * to its entity property by `sortProperties` (a fixed map).
 */
export async function readEntityPage<Entity extends object, Sort extends string, Item>(
  request: PageRequest<Sort, string>,
  sortProperties: Record<Sort | 'id', keyof Entity & string>,
  count: () => Promise<number>,
  read: (window: PageWindow<Entity>) => Promise<Item[]>,
): Promise<{ total: number; items: Item[] }> {
  const total = await count();
  assertPageExists(request, total);
  if (total === 0) return { total, items: [] };
  const orderBy = request.sorting.map(([field, direction]) => ({ [sortProperties[field]]: direction })) as QueryOrderMap<Entity>[];
  return { total, items: await read({ orderBy, limit: request.limit, offset: (request.page - 1) * request.limit }) };
}
