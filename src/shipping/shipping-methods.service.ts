import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPlainList } from '../common/pagination/plain-list';
import { ShippingMethod } from './entities/shipping-method.entity';
import { serializeShippingMethod } from './shipment.serializer';

const WITH_ZONE = { populate: ['zone'], strategy: 'joined' } as const;

@Injectable()
export class ShippingMethodsService {
  constructor(private readonly em: EntityManager) {}

  /** Every shipping method in creation order (a plain list), with its zone joined. */
  list(rawQuery: string) {
    return readPlainList(this.em, ShippingMethod, links.shippingMethods(), rawQuery, serializeShippingMethod, WITH_ZONE);
  }

  /** The shipping method by code with its zone, in one joined statement. */
  async show(code: string) {
    const method = await this.em.fork().findOne(ShippingMethod, { code }, { ...WITH_ZONE, disableIdentityMap: true });
    if (method === null) throw resourceNotFound('shipping method');
    return serializeShippingMethod(method);
  }
}
