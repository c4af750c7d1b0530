import type { FindOptions, OrderDefinition } from '@mikro-orm/core';
import type { EntityClass, EntityManager } from '@mikro-orm/postgresql';
import { readPage, type PageEnvelope } from '../../common/pagination/page';
import { parsePagingRequest } from '../../common/pagination/page-request';
import { LIST_READ } from '../../database/replicas/list-read';

/**
 * A plain list (every row in id order, as src/common/pagination/plain-list.ts reads one) whose rows are
 * shown with collections they own (translations, values): those are loaded for the page's rows.
 */
export async function readPlainListWith<E extends { id: number }, T>(
  em: EntityManager,
  entity: EntityClass<E>,
  populate: readonly string[],
  path: string,
  rawQuery: string,
  serialize: (row: E) => T,
): Promise<PageEnvelope<T>> {
  const request = parsePagingRequest(rawQuery);
  const reader = em.fork();
  const orderBy = { id: 'asc' } as OrderDefinition<E>;
  // The relation names are the caller's; the ORM's types cannot check them through the generic.
  const relations = populate as FindOptions<E>['populate'];
  return readPage(path, request, {
    readWithTotal: async (window) => {
      const [rows, total] = await reader.findAndCount(entity, {}, { orderBy, limit: window.limit, offset: window.offset, populate: relations, ...LIST_READ });
      return { total, items: rows.map(serialize) };
    },
  });
}
