import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPlainList } from '../common/pagination/plain-list';
import { TaxCategory } from './entities/tax-category.entity';
import { serializeTaxCategory, serializeTaxCategoryListItem } from './tax-category.serializer';

@Injectable()
export class TaxCategoriesService {
  constructor(private readonly em: EntityManager) {}

  /** Every tax category in creation order (a plain list). */
  list(rawQuery: string) {
    return readPlainList(this.em, TaxCategory, links.taxCategories(), rawQuery, serializeTaxCategoryListItem);
  }

  /** The tax category by code, in one statement. */
  async show(code: string) {
    const category = await this.em.fork().findOne(TaxCategory, { code }, { disableIdentityMap: true });
    if (category === null) throw resourceNotFound('tax category');
    return serializeTaxCategory(category);
  }
}
