import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest } from '../../common/pagination/page-request';
import { serializeCustomerDetail, serializeCustomerListItem } from '../customer.serializer';
import { CUSTOMER_LIST_SPEC, customerPageWithTotal, findCustomerDetail } from '../queries/customer.read-model';

@Injectable()
export class CustomerQueriesService {
  constructor(private readonly em: EntityManager) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, CUSTOMER_LIST_SPEC);
    const em = this.em.fork();
    return readPage(links.customers(), request, {
      readWithTotal: async (window) => {
        const { total, items } = await customerPageWithTotal(em, request, window);
        return { total, items: items.map(serializeCustomerListItem) };
      },
    });
  }

  async show(id: number) {
    const customer = await findCustomerDetail(this.em.fork(), id);
    if (customer === null) throw resourceNotFound('customer');
    return serializeCustomerDetail(customer);
  }
}
