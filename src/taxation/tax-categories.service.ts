import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { TaxCategory } from './entities/tax-category.entity';
import { serializeTaxCategory } from './tax-category.serializer';

@Injectable()
export class TaxCategoriesService {
  constructor(private readonly em: EntityManager) {}

  /** The tax category by code, in one statement. */
  async show(code: string) {
    const category = await this.em.fork().findOne(TaxCategory, { code }, { disableIdentityMap: true });
    if (category === null) throw resourceNotFound('tax category');
    return serializeTaxCategory(category);
  }
}
