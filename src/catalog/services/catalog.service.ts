import { EntityManager } from '@mikro-orm/postgresql';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { validateForm } from '../../common/forms/validate-form';
import { ProductListQueryForm, productListQueryBody } from '../product-list-query.form';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { GRID_PAGING, parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { readBooleanFilter, readStringFilter } from '../../common/pagination/string-filter';
import { countProductList, findProductListPage, PRODUCT_CRITERIA, PRODUCT_SORTS, type ProductCriterion, type ProductListFilters, type ProductSort } from '../queries/product-list.read-model';
import { findProduct } from '../queries/product.read-model';
import { countVariants, findVariant, findVariantPage, VARIANT_CRITERIA, VARIANT_SORTS, type VariantCriterion, type VariantSort } from '../queries/variant.read-model';
import { serializeProduct, serializeProductListItem } from '../serializers/product.serializer';
import { serializeVariant, serializeVariantListItem } from '../serializers/variant.serializer';

export const PRODUCT_LIST: ListSpec<ProductSort, ProductCriterion> = { sortable: PRODUCT_SORTS, defaultSort: ['code', 'asc'], criteria: PRODUCT_CRITERIA, ...GRID_PAGING };
export const VARIANT_LIST: ListSpec<VariantSort, VariantCriterion> = { sortable: VARIANT_SORTS, defaultSort: ['position', 'asc'], criteria: VARIANT_CRITERIA, ...GRID_PAGING };

/** `taxonId`: the id of the taxon the listed products are directly in; null (every product) when absent or empty. */
function readTaxonId(rawQuery: string): number | null {
  const form = validateForm(ProductListQueryForm, productListQueryBody(rawQuery));
  throwIfInvalid(form.errors);
  return form.data.taxonId === undefined ? null : Number(form.data.taxonId);
}

@Injectable()
export class CatalogService {
  constructor(private readonly em: EntityManager) {}

  /** One page of the product list. */
  async products(rawQuery: string) {
    const request = parsePageRequest(rawQuery, PRODUCT_LIST);
    const filters: ProductListFilters = { search: readStringFilter(rawQuery, 'search'), enabled: readBooleanFilter(rawQuery, 'enabled'), taxonId: readTaxonId(rawQuery) };
    const em = this.em.fork();
    return readPage(links.products(), request, {
      count: () => countProductList(em, filters),
      read: async (window, total) => (await findProductListPage(em, request, filters, window, total)).map(serializeProductListItem),
    });
  }

  async product(code: string) {
    const row = await findProduct(this.em.fork(), code);
    if (row === null) throw resourceNotFound('product');
    return serializeProduct(row);
  }

  /** One page of a product's variants; an unknown product is a 404, not an empty page. */
  async variants(productCode: string, rawQuery: string) {
    const request = parsePageRequest(rawQuery, VARIANT_LIST);
    const filters = { code: readStringFilter(rawQuery, 'code'), name: readStringFilter(rawQuery, 'name') };
    const em = this.em.fork();
    return readPage(links.productVariants(productCode), request, {
      count: async () => {
        const total = await countVariants(em, productCode, filters);
        if (total === null) throw resourceNotFound('product');
        return total;
      },
      read: async (window) => (await findVariantPage(em, productCode, request, filters, window)).map(serializeVariantListItem),
    });
  }

  async variant(productCode: string, code: string) {
    const row = await findVariant(this.em.fork(), productCode, code);
    if (row === null) throw resourceNotFound('product variant');
    return serializeVariant(row);
  }
}
