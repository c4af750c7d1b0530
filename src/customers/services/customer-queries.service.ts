import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { assertPageExists, buildPage } from '../../common/pagination/page';
import { parsePageRequest } from '../../common/pagination/page-request';
import { serializeCustomerDetail, serializeCustomerListItem } from '../customer.serializer';
import { CUSTOMER_LIST_SPEC, customerPageWithTotal } from '../queries/customer-list.query';
import { loadCustomer } from '../queries/customer-lookups';

@Injectable()
export class CustomerQueriesService {
  constructor(private readonly em: EntityManager) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, CUSTOMER_LIST_SPEC);
    const em = this.em.fork();
    const { total, rows } = await customerPageWithTotal(em, request);
    assertPageExists(request, total);
    return buildPage(links.customers(), request, total, rows.map(serializeCustomerListItem));
  }

  async show(id: number) {
    const customer = await loadCustomer(this.em.fork(), id);
    if (!customer) throw resourceNotFound('customer');
    return serializeCustomerDetail(customer);
  }
}
