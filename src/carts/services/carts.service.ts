import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { NOT_VALID } from '../../common/forms/messages';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { assertPageExists, buildPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { isCouponEligible } from '../../order-processing/engine';
import { loadOrderForProcessing, processLoadedOrder } from '../../order-processing/order-processor';
import { serializeCart } from '../cart.serializer';
import { changeCart } from '../cart-transaction';
import { COUPON_INVALID, type CreateCartForm, type UpdateCartForm } from '../forms/cart.forms';
import { CART_CRITERIA, CART_SORTS, countCarts, findCart, findCartPage, type CartCriterion, type CartSort } from '../queries/cart-queries';

export const CART_LIST_SPEC: ListSpec<CartSort, CartCriterion> = { sortable: CART_SORTS, defaultSort: ['id', 'desc'], criteria: CART_CRITERIA };

interface CreationLookup {
  customer_id: number | null;
  channel_id: number | null;
  locale_exists: boolean;
  locale_in_channel: boolean;
}

@Injectable()
export class CartsService {
  constructor(private readonly em: EntityManager) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, CART_LIST_SPEC);
    const em = this.em.fork();
    const total = await countCarts(em, request);
    assertPageExists(request, total);
    const rows = total === 0 ? [] : await findCartPage(em, request);
    return buildPage(links.carts(), request, total, rows.map((row) => serializeCart(row, 'list')));
  }

  async show(id: number) {
    const row = await findCart(this.em.fork(), id);
    if (row === null) throw resourceNotFound('cart');
    return serializeCart(row, 'detailed');
  }

  /** A new, empty cart; its currency is the channel's base currency. Nothing is processed yet. */
  async create(form: SubmittedForm<CreateCartForm>) {
    const { data, errors } = form;
    return this.em.fork().transactional(async (tx) => {
      // Fields that already failed are looked up as null, which matches nothing.
      const email = errors.has('customer') ? null : data.customer.toLowerCase();
      const channel = errors.has('channel') ? null : data.channel;
      const locale = errors.has('localeCode') ? null : data.localeCode;
      const [lookup] = await tx.execute<CreationLookup[]>(
        `select (select c.id from customer c where c.email_canonical = ?) as customer_id,
                (select ch.id from channel ch where ch.code = ? and ch.enabled) as channel_id,
                exists (select 1 from locale l where l.code = ?) as locale_exists,
                exists (select 1 from channel_locale cl join channel ch on ch.id = cl.channel_id join locale l on l.id = cl.locale_id
                         where ch.code = ? and l.code = ?) as locale_in_channel`,
        [email, channel, locale, channel, locale],
      );
      if (!errors.has('customer') && lookup.customer_id === null) errors.add('customer', NOT_VALID);
      if (!errors.has('channel') && lookup.channel_id === null) errors.add('channel', NOT_VALID);
      if (!errors.has('localeCode')) {
        // With a usable channel the locale must be one of its locales; otherwise it must at least exist.
        const valid = lookup.channel_id !== null ? lookup.locale_in_channel : lookup.locale_exists;
        if (!valid) errors.add('localeCode', NOT_VALID);
      }
      throwIfInvalid(errors);

      const [created] = await tx.execute<Array<{ id: number }>>(
        `insert into orders (customer_id, channel_id, currency_code, locale_code, state, checkout_state, payment_state, shipping_state,
                             items_total, adjustments_total, total, created_at, updated_at)
         select ?, ch.id, cur.code, ?, 'cart', 'cart', 'cart', 'cart', 0, 0, 0, now(), now()
           from channel ch join currency cur on cur.id = ch.base_currency_id
          where ch.id = ?
         returning id`,
        [lookup.customer_id, data.localeCode, lookup.channel_id],
      );
      const row = await findCart(tx, created.id);
      if (row === null) throw new Error(`The cart ${created.id} just created cannot be read`);
      return serializeCart(row, 'detailed');
    });
  }

  /** Removes the cart with its lines, units, adjustments, payments, shipments and its own addresses. */
  async delete(id: number): Promise<void> {
    await changeCart(this.em, id, async (tx) => {
      await tx.execute(
        `with removed as (delete from orders where id = ? returning shipping_address_id, billing_address_id)
         delete from address a
          using removed r
          where a.id in (r.shipping_address_id, r.billing_address_id) and a.customer_id is null`,
        [id],
      );
    });
  }

  /**
   * Applies (or with null / empty, removes) the cart's coupon and reprocesses the cart. PATCH without
   * the field keeps the current coupon. The cart is read once, as if it had the new coupon: that input is
   * both checked for the coupon's eligibility and processed, and the coupon is stored with the result.
   */
  async updateCoupon(id: number, form: SubmittedForm<UpdateCartForm>, mode: 'replace' | 'merge'): Promise<void> {
    const { data, errors, sent } = form;
    const now = new Date();
    await changeCart(this.em, id, async (tx, cart) => {
      const keep = mode === 'merge' && !sent.has('promotionCoupon');
      const code = errors.has('promotionCoupon') ? null : data.promotionCoupon || null;
      const order = await loadOrderForProcessing(tx, cart.id, keep ? {} : { couponCode: code });
      if (!keep && code !== null && !isCouponEligible(order.input, order.shop, now)) errors.add('promotionCoupon', COUPON_INVALID);
      throwIfInvalid(errors);
      await processLoadedOrder(tx, order, now);
    });
  }
}
