import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { ShippingCategory } from '../entities/shipping-category.entity';
import { serializeShippingCategory, serializeShippingCategoryListItem } from './shipping-category.serializer';

@Injectable()
export class ShippingCategoriesService {
  constructor(private readonly em: EntityManager) {}

  /** Every shipping category in creation order (a plain list). */
  list(rawQuery: string) {
    return readPlainList(this.em, ShippingCategory, links.shippingCategories(), rawQuery, serializeShippingCategoryListItem);
  }

  /** The shipping category by code, in one statement. */
  async show(code: string) {
    const category = await this.em.fork().findOne(ShippingCategory, { code }, { disableIdentityMap: true });
    if (category === null) throw resourceNotFound('shipping category');
    return serializeShippingCategory(category);
  }
}
