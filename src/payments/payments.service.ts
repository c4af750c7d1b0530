import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPage } from '../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../common/pagination/page-request';
import { readStringFilter, stringFilterWhere } from '../common/pagination/string-filter';
import { LIST_READ } from '../database/replicas/list-read';
import { Payment } from './entities/payment.entity';
import { serializePayment, serializePaymentListItem } from './payment.serializer';
import { findPayment } from './queries/payment.read-model';

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
    const orderBy = request.sorting.map(([field, direction]) => ({ [SORT_PROPERTIES[field]]: direction }));
    return readPage(links.payments(), request, {
      count: () => em.count(Payment, where, LIST_READ),
      read: async (window) =>
        (
          await em.find(Payment, where, {
            ...window,
            orderBy,
            populate: ['method.translations'],
            populateOrderBy: { method: { translations: { id: 'asc' } } },
            strategy: 'joined',
            disableIdentityMap: true,
            ...LIST_READ,
          })
        ).map(serializePaymentListItem),
    });
  }

  /** The payment with its method and the method's translations and channels (the payment read model). */
  async show(id: number) {
    const payment = await findPayment(this.em.fork(), id);
    if (payment === null) throw resourceNotFound('payment');
    return serializePayment(payment);
  }
}
