import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { assertPageExists, buildPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { serializeOrder } from '../order.serializer';
import {
  countCustomerOrders,
  CUSTOMER_ORDER_CRITERIA,
  CUSTOMER_ORDER_SORTS,
  findCustomerOrderPage,
  type CustomerOrderCriterion,
  type CustomerOrderSort,
} from '../queries/customer-orders';
import { findOrder } from '../queries/order-queries';

export const CUSTOMER_ORDERS_SPEC: ListSpec<CustomerOrderSort, CustomerOrderCriterion> = {
  sortable: CUSTOMER_ORDER_SORTS,
  defaultSort: ['updatedAt', 'desc'],
  criteria: CUSTOMER_ORDER_CRITERIA,
};

@Injectable()
export class OrdersService {
  constructor(private readonly em: EntityManager) {}

  /** Every order of the customer, carts included; an unknown customer is a 404, not an empty page. */
  async listForCustomer(customerId: number, rawQuery: string) {
    const request = parsePageRequest(rawQuery, CUSTOMER_ORDERS_SPEC);
    const em = this.em.fork();
    const { customerExists, total } = await countCustomerOrders(em, customerId, request);
    if (!customerExists) throw resourceNotFound('customer');
    assertPageExists(request, total);
    const rows = total === 0 ? [] : await findCustomerOrderPage(em, customerId, request);
    return buildPage(links.customerOrders(customerId), request, total, rows.map(serializeOrder));
  }

  async show(id: number) {
    const row = await findOrder(this.em.fork(), id);
    if (row === null) throw resourceNotFound('order');
    return serializeOrder(row);
  }
}
