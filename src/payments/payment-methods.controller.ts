import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializePaymentMethod } from './payment.serializer';
import { findPaymentMethod } from './queries/payment-queries';

@Controller('api/v1/payment-methods')
export class PaymentMethodsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const method = await findPaymentMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('payment method');
    return serializePaymentMethod(method);
  }
}
