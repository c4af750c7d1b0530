import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { PaymentMethod } from './entities/payment-method.entity';
import { paymentMethodRow, serializePaymentMethod } from './payment.serializer';

@Injectable()
export class PaymentMethodsService {
  constructor(private readonly em: EntityManager) {}

  /** The payment method by code with its translations and channels, in one joined statement. */
  async show(code: string) {
    const method = await this.em.fork().findOne(
      PaymentMethod,
      { code },
      {
        populate: ['translations', 'channels'],
        populateOrderBy: { translations: { id: 'asc' }, channels: { id: 'asc' } },
        strategy: 'joined',
        disableIdentityMap: true,
      },
    );
    if (method === null) throw resourceNotFound('payment method');
    return serializePaymentMethod(paymentMethodRow(method));
  }
}
