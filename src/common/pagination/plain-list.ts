import type { FilterQuery, FindOptions, OrderDefinition } from '@mikro-orm/core';
import type { EntityClass, EntityManager } from '@mikro-orm/postgresql';
import { LIST_READ } from '../../database/replicas/list-read';
import { readPage, type PageEnvelope } from './page';
import { parsePagingRequest } from './page-request';

/**
 * A plain list: every row of one entity's table (or of one parent) in id order (the order rows were created in), paged by
 * the one paging helper. Such lists take no sorting or filters: `sorting[…]` and `criteria[…]` are not
 * applied, only carried into the page links as sent, as clients of these lists expect.
 */
export async function readPlainList<E extends { id: number }, T>(
  em: EntityManager,
  entity: EntityClass<E>,
  path: string,
  rawQuery: string,
  serialize: (row: E) => T,
  /**
   * `where`: the rows of one parent only (a promotion's coupons); the rest: what each row is read with, e.g. the
   * relations its serializer shows (joined, or one more statement for collections).
   */
  { where = {}, ...options }: Pick<FindOptions<E, any>, 'populate' | 'strategy' | 'populateOrderBy'> & { where?: FilterQuery<E> } = {}, // eslint-disable-line @typescript-eslint/no-explicit-any
): Promise<PageEnvelope<T>> {
  const request = parsePagingRequest(rawQuery);
  const reader = em.fork();
  // Every entity of a plain list has a numeric `id`; the ORM's types cannot see that through the generic.
  const orderBy = { id: 'asc' } as OrderDefinition<E>;
  return readPage(path, request, {
    readWithTotal: async (window) => {
      const [rows, total] = await reader.findAndCount(entity, where, { ...options, orderBy, limit: window.limit, offset: window.offset, ...LIST_READ });
      return { total, items: rows.map(serialize) };
    },
  });
}
