import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Address } from '../../addressing/entities/address.entity';
import { Channel } from '../../channels/entities/channel.entity';
import { Locale } from '../../channels/entities/locale.entity';
import { canonicalEmail } from '../../customers/canonical-email';
import { Customer } from '../../customers/entities/customer.entity';
import { Order } from '../domain/order.entity';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { NOT_VALID } from '../../common/forms/messages';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { isCouponEligible } from '../pricing/engine';
import { engineInputOf, shopOf } from '../pricing/pricing';
import { orderCommand } from '../commands/order-command';
import { serializeCart } from '../serializers/cart.serializer';
import { COUPON_INVALID, type CreateCartForm, type UpdateCartForm } from '../http/forms/cart.forms';
import { CART_CRITERIA, CART_SORTS, countCarts, findCart, findCartPage, type CartCriterion, type CartSort } from '../queries/cart.read-model';
import { PreparedReads } from '../../database/prepared-reads';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';

const CART = { missing: 'cart', cartsOnly: true } as const;

export const CART_LIST_SPEC: ListSpec<CartSort, CartCriterion> = { sortable: CART_SORTS, defaultSort: ['id', 'desc'], criteria: CART_CRITERIA };

@Injectable()
export class CartsService {
  constructor(
    private readonly em: EntityManager,
    private readonly prepared: PreparedReads,
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
    const row = await findCart(this.em.fork(), id, this.prepared);
    if (row === null) throw resourceNotFound('cart');
    return serializeCart(row, 'detailed');
  }

  /**
   * A new, empty cart; its currency is the channel's base currency. Nothing is processed yet. The
   * customer row is share-locked until the cart is stored: a concurrent delete of that customer either
   * commits first (the customer is then not found: 400) or waits for this cart (and removes it with them).
   */
  async create(form: SubmittedForm<CreateCartForm>) {
    const { data, errors } = form;
    return inWriteTransaction(this.em, async (tx) => {
      const customer = errors.has('customer')
        ? null
        : await tx.findOne(Customer, { emailCanonical: canonicalEmail(data.customer) }, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ });
      const channel = errors.has('channel') ? null : await tx.findOne(Channel, { code: data.channel, enabled: true }, { populate: ['baseCurrency'] });
      if (!errors.has('customer') && customer === null) errors.add('customer', NOT_VALID);
      if (!errors.has('channel') && channel === null) errors.add('channel', NOT_VALID);
      if (!errors.has('localeCode')) {
        // With a usable channel the locale must be one of its locales; otherwise it must at least exist.
        const known =
          channel !== null
            ? await tx.count(Channel, { id: channel.id, locales: { code: data.localeCode } })
            : await tx.count(Locale, { code: data.localeCode });
        if (known === 0) errors.add('localeCode', NOT_VALID);
      }
      throwIfInvalid(errors);
      if (customer === null || channel === null) throw new Error('A valid cart form has no customer or channel');

      const order = tx.create(Order, { customer: customer.id, channel, currencyCode: channel.baseCurrency.code, localeCode: data.localeCode });
      await tx.flush();
      const row = await findCart(tx, order.id);
      if (row === null) throw new Error(`The cart ${order.id} just created cannot be read`);
      const created = serializeCart(row, 'detailed');
      await this.outbox.record(tx, { type: 'cart.created', data: created });
      return created;
    });
  }

  /** Removes the cart with its lines, units, adjustments, payments, shipments and its own addresses. */
  async delete(id: number): Promise<void> {
    await orderCommand(this.em, id, { ...CART, outbox: this.outbox }, async (cart, tx) => {
      const own = [cart.order.shippingAddress, cart.order.billingAddress].filter((address) => address !== null);
      const addresses = own.length === 0 ? [] : await tx.find(Address, { id: { $in: own.map((address) => address.id) }, customer: null });
      cart.discard(addresses);
    });
  }

  /**
   * Puts the coupon on the cart (null or empty: takes it off) and prices the cart with it. PATCH without
   * the field keeps the current coupon. The cart is loaded with the new coupon in place of its own, so the
   * same read both judges the coupon's eligibility and prices the cart.
   */
  async updateCoupon(id: number, form: SubmittedForm<UpdateCartForm>, mode: 'replace' | 'merge'): Promise<void> {
    const { data, errors, sent } = form;
    const keep = mode === 'merge' && !sent.has('promotionCoupon');
    const code = errors.has('promotionCoupon') ? null : data.promotionCoupon || null;
    await orderCommand(this.em, id, { ...CART, outbox: this.outbox, ...(!keep && { couponCode: code }) }, async (cart, tx) => {
      if (!keep && code !== null) {
        // Share-locked until the cart stores it: a concurrent delete of the coupon waits, or came first.
        const coupon = await tx.findOne(PromotionCoupon, { code }, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ });
        if (coupon === null || cart.coupon === null || !isCouponEligible(engineInputOf(cart), shopOf(cart), new Date())) errors.add('promotionCoupon', COUPON_INVALID);
      }
      throwIfInvalid(errors);
      if (!keep) cart.useCoupon(cart.coupon, code);
    });
  }
}
