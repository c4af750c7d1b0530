import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { readPlainListWith } from '../translations/plain-list-with';
import { associationTypeLinks, serializeAssociationType, serializeAssociationTypeListItem } from './association-type.serializer';
import { ProductAssociationType } from './product-association-type.entity';

@Injectable()
export class AssociationTypesService {
  constructor(private readonly em: EntityManager) {}

  /** Every association type in creation order (a plain list). */
  list(rawQuery: string) {
    return readPlainListWith(this.em, ProductAssociationType, ['translations'], associationTypeLinks.list(), rawQuery, serializeAssociationTypeListItem);
  }

  async show(code: string) {
    const type = await this.em.fork().findOne(ProductAssociationType, { code }, { populate: ['translations'], disableIdentityMap: true });
    if (type === null) throw resourceNotFound('product association type');
    return serializeAssociationType(type);
  }
}
