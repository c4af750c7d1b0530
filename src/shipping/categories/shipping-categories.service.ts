import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { findShippingCategory } from './shipping-category-sql';
import { serializeShippingCategory } from './shipping-category.serializer';

@Injectable()
export class ShippingCategoriesService {
  constructor(private readonly em: EntityManager) {}

  async show(code: string) {
    const row = await findShippingCategory(this.em.fork(), code);
    if (row === null) throw resourceNotFound('shipping category');
    return serializeShippingCategory(row);
  }
}
