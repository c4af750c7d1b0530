import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { EventOutbox } from '../../events';
import { changeCoupon } from '../commands/change-coupon';
import { createCart } from '../commands/create-cart';
import { deleteCart } from '../commands/delete-cart';
import type { CreateCartForm, UpdateCartForm } from '../http/forms/cart.forms';
import { CART_CRITERIA, CART_SORTS, countCarts, findCart, findCartPage, type CartCriterion, type CartSort } from '../queries/cart.read-model';
import { serializeCart } from '../serializers/cart.serializer';
import type { OrderCommandContext } from '../write-path/write-path';

export const CART_LIST_SPEC: ListSpec<CartSort, CartCriterion> = { sortable: CART_SORTS, defaultSort: ['id', 'desc'], criteria: CART_CRITERIA };

@Injectable()
export class CartsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, CART_LIST_SPEC);
    const em = this.em.fork();
    return readPage(links.carts(), request, {
      count: () => countCarts(em, request),
      read: async (window) => (await findCartPage(em, request, window)).map((cart) => serializeCart(cart, 'list')),
    });
  }

  async show(id: number) {
    const row = await findCart(this.em.fork(), id);
    if (row === null) throw resourceNotFound('cart');
    return serializeCart(row, 'detailed');
  }

  private get context(): OrderCommandContext {
    return { em: this.em, outbox: this.outbox };
  }

  create(form: SubmittedForm<CreateCartForm>) {
    return createCart(this.context, form);
  }

  delete(id: number): Promise<void> {
    return deleteCart(this.context, id);
  }

  updateCoupon(id: number, form: SubmittedForm<UpdateCartForm>, mode: 'replace' | 'merge'): Promise<void> {
    return changeCoupon(this.context, id, form, mode);
  }
}
