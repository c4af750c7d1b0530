import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { findShippingMethod } from './queries/shipment-queries';
import { serializeShippingMethod } from './shipment.serializer';

@Controller('api/v1/shipping-methods')
export class ShippingMethodsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const method = await findShippingMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('shipping method');
    return serializeShippingMethod(method);
  }
}
