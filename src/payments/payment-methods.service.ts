import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializePaymentMethod } from './payment.serializer';
import { findPaymentMethod } from './queries/payment.read-model';

@Injectable()
export class PaymentMethodsService {
  constructor(private readonly em: EntityManager) {}

  /** The payment method by code with its translations and channels (the payment read model). */
  async show(code: string) {
    const method = await findPaymentMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('payment method');
    return serializePaymentMethod(method);
  }
}
