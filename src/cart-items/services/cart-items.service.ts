import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { NOT_VALID } from '../../common/forms/messages';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { serializeCartItem } from '../../carts/cart.serializer';
import { changeCart, reprocessCart, type LockedCart } from '../../carts/cart-transaction';
import { findCartItem } from '../../carts/queries/cart-queries';
import {
  insufficientStock,
  MAX_QUANTITY,
  QUANTITY_TOO_HIGH,
  VARIANT_NOT_IN_CHANNEL,
  type AddCartItemForm,
  type ChangeCartItemForm,
} from '../forms/cart-item.forms';
import { addUnits, removeOldestUnits } from './units';

/** Stock facts of a variant, and the product name (in the cart's locale) the stock message uses. */
interface StockFacts {
  tracked: boolean;
  on_hand: number;
  on_hold: number;
  product_name: string;
}

interface VariantLookup extends StockFacts {
  id: number;
  priced: boolean;
  existing_item_id: number | null;
  existing_quantity: number | null;
}

interface ItemLookup extends StockFacts {
  id: number;
  quantity: number;
}

/** The name of product `p` in the locale given as this fragment's one parameter, else its first name, else its code. */
const PRODUCT_NAME = `coalesce(
  (select pt.name from product_translation pt where pt.product_id = p.id and pt.locale = ?),
  (select pt.name from product_translation pt where pt.product_id = p.id order by pt.id limit 1),
  p.code)`;

const hasStockFor = (facts: StockFacts, quantity: number): boolean => !facts.tracked || quantity <= facts.on_hand - facts.on_hold;

@Injectable()
export class CartItemsService {
  constructor(private readonly em: EntityManager) {}

  /** Adds a variant to the cart, merging into the line that already holds it; answers the resulting line. */
  async add(cartId: number, form: SubmittedForm<AddCartItemForm>) {
    const { data, errors } = form;
    return changeCart(this.em, cartId, async (tx, cart) => {
      const variant = errors.has('variant') ? null : await this.findVariant(tx, cart, data.variant);
      if (!errors.has('variant')) {
        if (variant === null) errors.add('variant', NOT_VALID);
        else if (!variant.priced) errors.add('variant', VARIANT_NOT_IN_CHANNEL);
      }
      if (variant !== null && variant.priced && !errors.has('quantity')) {
        const quantity = (variant.existing_quantity ?? 0) + data.quantity;
        if (quantity > MAX_QUANTITY) errors.add('quantity', QUANTITY_TOO_HIGH);
        else if (!hasStockFor(variant, quantity)) errors.addRoot(insufficientStock(variant.product_name));
      }
      throwIfInvalid(errors);
      if (variant === null) throw new Error('A valid cart item form names a known variant');

      let itemId: number;
      if (variant.existing_item_id !== null) {
        itemId = variant.existing_item_id;
        await tx.execute('update order_item set quantity = quantity + ? where id = ?', [data.quantity, itemId]);
      } else {
        const [created] = await tx.execute<Array<{ id: number }>>(
          `insert into order_item (order_id, variant_id, quantity) values (?, ?, ?) returning id`,
          [cart.id, variant.id, data.quantity],
        );
        itemId = created.id;
      }
      await addUnits(tx, itemId, data.quantity);
      await reprocessCart(tx, cart);
      const line = await findCartItem(tx, cart.id, itemId);
      if (line === null) throw new Error(`The cart line ${itemId} just written cannot be read`);
      return serializeCartItem(line);
    });
  }

  /** Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. */
  async changeQuantity(cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
    const { data, errors } = form;
    await changeCart(this.em, cartId, async (tx, cart) => {
      const item = itemId === null ? null : await this.findItem(tx, cart, itemId);
      if (item === null) throw resourceNotFound('cart item');
      if (!errors.has('quantity') && !hasStockFor(item, data.quantity)) errors.addRoot(insufficientStock(item.product_name));
      throwIfInvalid(errors);

      if (data.quantity > item.quantity) await addUnits(tx, item.id, data.quantity - item.quantity);
      if (data.quantity < item.quantity) await removeOldestUnits(tx, item.id, item.quantity - data.quantity);
      if (data.quantity !== item.quantity) await tx.execute('update order_item set quantity = ? where id = ?', [data.quantity, item.id]);
      await reprocessCart(tx, cart);
    });
  }

  async remove(cartId: number, itemId: number | null): Promise<void> {
    await changeCart(this.em, cartId, async (tx, cart) => {
      const removed = itemId === null ? [] : await tx.execute<Array<{ id: number }>>('delete from order_item where id = ? and order_id = ? returning id', [itemId, cart.id]);
      if (removed.length === 0) throw resourceNotFound('cart item');
      await reprocessCart(tx, cart);
    });
  }

  private async findVariant(tx: EntityManager, cart: LockedCart, code: string): Promise<VariantLookup | null> {
    const [row] = await tx.execute<VariantLookup[]>(
      `select v.id, v.tracked, v.on_hand, v.on_hold, ${PRODUCT_NAME} as product_name,
              exists (select 1 from channel_pricing cp where cp.variant_id = v.id and cp.channel_code = ?) as priced,
              line.id as existing_item_id, line.quantity as existing_quantity
         from product_variant v
         join product p on p.id = v.product_id
         left join lateral (select i.id, i.quantity from order_item i where i.order_id = ? and i.variant_id = v.id order by i.id limit 1) line on true
        where v.code = ?`,
      [cart.localeCode, cart.channelCode, cart.id, code],
    );
    return row ?? null;
  }

  private async findItem(tx: EntityManager, cart: LockedCart, itemId: number): Promise<ItemLookup | null> {
    const [row] = await tx.execute<ItemLookup[]>(
      `select i.id, i.quantity, v.tracked, v.on_hand, v.on_hold, ${PRODUCT_NAME} as product_name
         from order_item i
         join product_variant v on v.id = i.variant_id
         join product p on p.id = v.product_id
        where i.id = ? and i.order_id = ?`,
      [cart.localeCode, itemId, cart.id],
    );
    return row ?? null;
  }
}
