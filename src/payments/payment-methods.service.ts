import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPlainList } from '../common/pagination/plain-list';
import { PaymentMethod } from './entities/payment-method.entity';
import { serializePaymentMethod, serializePaymentMethodListItem } from './payment.serializer';
import { findPaymentMethod } from './queries/payment.read-model';

@Injectable()
export class PaymentMethodsService {
  constructor(private readonly em: EntityManager) {}

  /** Every payment method in creation order (a plain list), with its translations (one more statement). */
  list(rawQuery: string) {
    return readPlainList(this.em, PaymentMethod, links.paymentMethods(), rawQuery, serializePaymentMethodListItem, {
      populate: ['translations'],
      strategy: 'select-in',
      populateOrderBy: { translations: { id: 'asc' } },
    });
  }

  /** The payment method by code with its translations and channels (the payment read model). */
  async show(code: string) {
    const method = await findPaymentMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('payment method');
    return serializePaymentMethod(method);
  }
}
