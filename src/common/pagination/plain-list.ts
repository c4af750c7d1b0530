import type { FilterQuery, OrderDefinition } from '@mikro-orm/core';
import type { EntityClass, EntityManager } from '@mikro-orm/postgresql';
import { LIST_READ } from '../../database/replicas/list-read';
import { readPage, type PageEnvelope } from './page';
import { parsePagingRequest } from './page-request';

/**
 * A plain list: every row of one entity's table (or those `where` picks, e.g. the coupons of one
 * promotion) in id order (the order rows were created in), paged by the one paging helper. Such lists
 * take no sorting or filters: `sorting[…]` and `criteria[…]` are not applied, only carried into the page
 * links as sent, as clients of these lists expect.
 */
export async function readPlainList<E extends { id: number }, T>(
  em: EntityManager,
  entity: EntityClass<E>,
  path: string,
  rawQuery: string,
  serialize: (row: E) => T,
  where: FilterQuery<E> = {},
): Promise<PageEnvelope<T>> {
  const request = parsePagingRequest(rawQuery);
  const reader = em.fork();
  // Every entity of a plain list has a numeric `id`; the ORM's types cannot see that through the generic.
  const orderBy = { id: 'asc' } as OrderDefinition<E>;
  return readPage(path, request, {
    readWithTotal: async (window) => {
      const [rows, total] = await reader.findAndCount(entity, where, { orderBy, limit: window.limit, offset: window.offset, ...LIST_READ });
      return { total, items: rows.map(serialize) };
    },
  });
}
