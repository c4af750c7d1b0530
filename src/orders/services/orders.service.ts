import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { serializeCustomerOrder, serializeOrder } from '../serializers/order.serializer';
import {
  CUSTOMER_ORDER_CRITERIA,
  CUSTOMER_ORDER_SORTS,
  findCustomerOrderPage,
  type CustomerOrderCriterion,
  type CustomerOrderSort,
  findOrder,
} from '../queries/order.read-model';
import {
  countPlacedOrders,
  findPlacedOrderPage,
  ORDER_LIST_CRITERIA,
  ORDER_LIST_SORTS,
  type OrderListCriterion,
  type OrderListSort,
} from '../queries/order-list.read-model';
import { parseOrderListFilters } from './order-list-filters';
import { serializeCart } from '../serializers/cart.serializer';

export const CUSTOMER_ORDERS_SPEC: ListSpec<CustomerOrderSort, CustomerOrderCriterion> = {
  sortable: CUSTOMER_ORDER_SORTS,
  defaultSort: ['updatedAt', 'desc'],
  criteria: CUSTOMER_ORDER_CRITERIA,
};

export const ORDER_LIST_SPEC: ListSpec<OrderListSort, OrderListCriterion> = {
  sortable: ORDER_LIST_SORTS,
  defaultSort: ['number', 'desc'],
  criteria: ORDER_LIST_CRITERIA,
};

@Injectable()
export class OrdersService {
  constructor(private readonly em: EntityManager) {}

  /** Every order of the customer, carts included; an unknown customer is a 404, not an empty page. */
  async listForCustomer(customerId: number, rawQuery: string) {
    const request = parsePageRequest(rawQuery, CUSTOMER_ORDERS_SPEC);
    const em = this.em.fork();
    return readPage(links.customerOrders(customerId), request, {
      readWithTotal: async (window) => {
        const { customerExists, total, orders } = await findCustomerOrderPage(em, customerId, request, window);
        if (!customerExists) throw resourceNotFound('customer');
        return { total, items: orders.map(serializeCustomerOrder) };
      },
    });
  }

  /** Placed orders (never carts), each in the list shape, which is the one cart lists use. */
  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, ORDER_LIST_SPEC);
    const filters = parseOrderListFilters(rawQuery);
    const em = this.em.fork();
    return readPage(links.orders(), request, {
      count: () => countPlacedOrders(em, filters),
      read: async (window) => (await findPlacedOrderPage(em, request, filters, window)).map((order) => serializeCart(order, 'list')),
    });
  }

  async show(id: number) {
    const order = await findOrder(this.em.fork(), id);
    if (order === null) throw resourceNotFound('order');
    return serializeOrder(order);
  }
}
