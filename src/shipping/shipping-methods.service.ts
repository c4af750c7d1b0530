import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { findShippingMethod } from './queries/shipment-queries';
import { serializeShippingMethod } from './shipment.serializer';

@Injectable()
export class ShippingMethodsService {
  constructor(private readonly em: EntityManager) {}

  async show(code: string) {
    const method = await findShippingMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('shipping method');
    return serializeShippingMethod(method);
  }
}
