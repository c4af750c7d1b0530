import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { ShippingMethod } from './entities/shipping-method.entity';
import { serializeShippingMethod } from './shipment.serializer';

@Injectable()
export class ShippingMethodsService {
  constructor(private readonly em: EntityManager) {}

  /** The shipping method by code with its zone, in one joined statement. */
  async show(code: string) {
    const method = await this.em.fork().findOne(
      ShippingMethod,
      { code },
      { populate: ['zone'], strategy: 'joined', disableIdentityMap: true },
    );
    if (method === null) throw resourceNotFound('shipping method');
    return serializeShippingMethod(method);
  }
}
