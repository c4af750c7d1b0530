import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { readPlainList } from '../../common/pagination/plain-list';
import { productAttributeNotFound } from './product-attribute-not-found';
import { ProductAttribute } from './product-attribute.entity';
import { productAttributeLinks, serializeProductAttribute, serializeProductAttributeListItem } from './product-attribute.serializer';

@Injectable()
export class ProductAttributesService {
  constructor(private readonly em: EntityManager) {}

  /** Every attribute in creation order (a plain list), with its translations (one more statement). */
  list(rawQuery: string) {
    return readPlainList(this.em, ProductAttribute, productAttributeLinks.list(), rawQuery, serializeProductAttributeListItem, {
      populate: ['translations'],
      strategy: 'select-in',
      populateOrderBy: { translations: { id: 'asc' } },
    });
  }

  /** The attribute by code with its translations. */
  async show(code: string) {
    const attribute = await this.em.fork().findOne(ProductAttribute, { code }, {
      populate: ['translations'],
      strategy: 'select-in',
      populateOrderBy: { translations: { id: 'asc' } },
      disableIdentityMap: true,
    });
    if (attribute === null) throw productAttributeNotFound();
    return serializeProductAttribute(attribute);
  }
}
