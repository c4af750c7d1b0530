import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializePaymentMethod } from './payment.serializer';
import { findPaymentMethod } from './queries/payment-queries';

@Injectable()
export class PaymentMethodsService {
  constructor(private readonly em: EntityManager) {}

  async show(code: string) {
    const method = await findPaymentMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('payment method');
    return serializePaymentMethod(method);
  }
}
