import { raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { LIST_READ } from '../../database/replicas/list-read';
import { Product } from '../entities/product.entity';
import { findProduct } from '../queries/product.read-model';
import { findVariant, findVariantPage, VARIANT_SORTS, type VariantSort } from '../queries/variant.read-model';
import { serializeProduct } from '../serializers/product.serializer';
import { serializeVariant } from '../serializers/variant.serializer';

export const VARIANT_LIST: ListSpec<VariantSort, never> = { sortable: VARIANT_SORTS, defaultSort: ['position', 'asc'], criteria: [] };

@Injectable()
export class CatalogService {
  constructor(private readonly em: EntityManager) {}

  async product(code: string) {
    const row = await findProduct(this.em.fork(), code);
    if (row === null) throw resourceNotFound('product');
    return serializeProduct(row);
  }

  /** One page of a product's variants; an unknown product is a 404, not an empty page. */
  async variants(productCode: string, rawQuery: string) {
    const request = parsePageRequest(rawQuery, VARIANT_LIST);
    const em = this.em.fork();
    return readPage(links.productVariants(productCode), request, {
      // The product (no row when it is unknown) with its number of variants, in one statement.
      count: async () => {
        const [counted] = await em
          .createQueryBuilder(Product, 'p', LIST_READ.connectionType)
          .select(['p.id', raw('count(v.id)::int as total')])
          .leftJoin('p.variants', 'v')
          .where({ code: productCode })
          .groupBy('p.id')
          .execute<Array<{ id: number; total: number } | undefined>>('all');
        if (counted === undefined) throw resourceNotFound('product');
        return counted.total;
      },
      read: async (window) => (await findVariantPage(em, productCode, request, window)).map(serializeVariant),
    });
  }

  async variant(productCode: string, code: string) {
    const row = await findVariant(this.em.fork(), productCode, code);
    if (row === null) throw resourceNotFound('product variant');
    return serializeVariant(row);
  }
}
