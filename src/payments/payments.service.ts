import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readEntityPage } from '../common/pagination/entity-page';
import { buildPage } from '../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../common/pagination/page-request';
import { readStringFilter, stringFilterWhere } from '../common/pagination/string-filter';
import { Payment } from './entities/payment.entity';
import { paymentRow, serializePayment, serializePaymentListItem } from './payment.serializer';

const PAYMENT_SORTS = ['amount', 'createdAt', 'updatedAt'] as const;
type PaymentSort = (typeof PAYMENT_SORTS)[number];

export const PAYMENT_LIST_SPEC: ListSpec<PaymentSort, 'state'> = { sortable: PAYMENT_SORTS, defaultSort: ['createdAt', 'desc'], criteria: ['state'] };

/** The entity property behind each sort field. */
const SORT_PROPERTIES: Record<PaymentSort | 'id', keyof Payment> = { amount: 'amount', createdAt: 'createdAt', updatedAt: 'updatedAt', id: 'id' };

@Injectable()
export class PaymentsService {
  constructor(private readonly em: EntityManager) {}

  /** Payments of placed orders (a cart's payment is never listed), each with its method's translations: a count and one joined read. */
  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, PAYMENT_LIST_SPEC);
    const filter = readStringFilter(rawQuery, 'state');
    const where = { $and: [{ state: { $ne: 'cart' } }, ...(filter === null ? [] : [stringFilterWhere('state', filter)])] } as FilterQuery<Payment>;
    const em = this.em.fork();
    const { total, items: payments } = await readEntityPage(
      request,
      SORT_PROPERTIES,
      () => em.count(Payment, where),
      (window) =>
        em.find(Payment, where, {
          ...window,
          populate: ['method.translations'],
          populateOrderBy: { method: { translations: { id: 'asc' } } },
          strategy: 'joined',
          disableIdentityMap: true,
        }),
    );
    return buildPage(links.payments(), request, total, payments.map(serializePaymentListItem));
  }

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
