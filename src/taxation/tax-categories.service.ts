import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { findTaxCategory } from './queries/tax-category-sql';
import { serializeTaxCategory } from './tax-category.serializer';

@Injectable()
export class TaxCategoriesService {
  constructor(private readonly em: EntityManager) {}

  async show(code: string) {
    const row = await findTaxCategory(this.em.fork(), code);
    if (row === null) throw resourceNotFound('tax category');
    return serializeTaxCategory(row);
  }
}
