import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializePayment } from './payment.serializer';
import { findPayment } from './queries/payment-queries';

@Injectable()
export class PaymentsService {
  constructor(private readonly em: EntityManager) {}

  async show(id: number) {
    const payment = await findPayment(this.em.fork(), id);
    if (payment === null) throw resourceNotFound('payment');
    return serializePayment(payment);
  }
}
