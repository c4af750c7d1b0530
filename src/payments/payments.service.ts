import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { Payment } from './entities/payment.entity';
import { paymentRow, serializePayment } from './payment.serializer';

@Injectable()
export class PaymentsService {
  constructor(private readonly em: EntityManager) {}

  /** The payment with its method and the method's translations and channels, in one joined statement. */
  async show(id: number) {
    const payment = await this.em.fork().findOne(
      Payment,
      { id },
      {
        populate: ['method.translations', 'method.channels'],
        populateOrderBy: { method: { translations: { id: 'asc' }, channels: { id: 'asc' } } },
        strategy: 'joined',
        disableIdentityMap: true,
      },
    );
    if (payment === null) throw resourceNotFound('payment');
    return serializePayment(paymentRow(payment));
  }
}
