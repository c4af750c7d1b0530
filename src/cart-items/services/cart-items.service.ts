import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { hasStockFor } from '../../catalog/stock';
import { productNameIn } from '../../catalog/product-name';
import { Product } from '../../catalog/entities/product.entity';
import { resourceNotFound } from '../../common/errors/api-error';
import { NOT_VALID } from '../../common/forms/messages';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { serializeCartItem } from '../../carts/cart.serializer';
import { changeCart, reprocessCart, type LockedCart } from '../../carts/cart-transaction';
import { processedCartLine } from '../../carts/processed-cart-line';
import { OrderItem } from '../../orders/entities/order-item.entity';
import { OrderItemUnit } from '../../orders/entities/order-item-unit.entity';
import {
  insufficientStock,
  MAX_QUANTITY,
  QUANTITY_TOO_HIGH,
  VARIANT_NOT_IN_CHANNEL,
  type AddCartItemForm,
  type ChangeCartItemForm,
} from '../forms/cart-item.forms';
import { findVariantForCart } from '../queries/variant-for-cart';

/** Adds `count` pieces to the line, one new unit each (the line's units need not be loaded). */
function addUnits(tx: EntityManager, item: OrderItem, count: number): void {
  for (let index = 0; index < count; index++) tx.create(OrderItemUnit, { orderItem: item });
  item.quantity += count;
}

/** Gives the loaded line `quantity` units: new ones added, or the oldest removed. */
function setQuantity(tx: EntityManager, item: OrderItem, quantity: number): void {
  const units = item.units.getItems();
  for (let count = units.length; count < quantity; count++) item.units.add(tx.create(OrderItemUnit, { orderItem: item }));
  for (const unit of units.slice(0, Math.max(units.length - quantity, 0))) item.units.remove(unit);
  item.quantity = quantity;
}

@Injectable()
export class CartItemsService {
  constructor(private readonly em: EntityManager) {}

  /** Adds a variant to the cart, merging into the line that already holds it; answers the resulting line. */
  async add(cartId: number, form: SubmittedForm<AddCartItemForm>) {
    const { data, errors } = form;
    return changeCart(this.em, cartId, async (tx, cart) => {
      const variant = errors.has('variant')
        ? null
        : await findVariantForCart(tx, { code: data.variant, cartId: cart.id, channelCode: cart.channelCode, localeCode: cart.localeCode });
      if (!errors.has('variant')) {
        if (variant === null) errors.add('variant', NOT_VALID);
        else if (!variant.priced) errors.add('variant', VARIANT_NOT_IN_CHANNEL);
      }
      if (variant !== null && variant.priced && !errors.has('quantity')) {
        const quantity = (variant.line_quantity ?? 0) + data.quantity;
        if (quantity > MAX_QUANTITY) errors.add('quantity', QUANTITY_TOO_HIGH);
        else if (!hasStockFor({ tracked: variant.tracked, onHand: variant.on_hand, onHold: variant.on_hold }, quantity)) {
          errors.addRoot(insufficientStock(variant.product_name));
        }
      }
      throwIfInvalid(errors);
      if (variant === null) throw new Error('An add-item form without a variant was accepted');

      // The line to merge into is known from that read (under the cart lock): managed as read, not re-selected.
      const line =
        variant.line_id === null
          ? tx.create(OrderItem, { order: cart.order, variant: variant.variant_id })
          : tx.create(OrderItem, { id: variant.line_id, quantity: variant.line_quantity ?? 0 }, { managed: true, partial: true });
      addUnits(tx, line, data.quantity);
      await tx.flush();
      const processed = await reprocessCart(tx, cart);
      return serializeCartItem(processedCartLine(processed, line.id, variant));
    });
  }

  /** Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. */
  async changeQuantity(cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
    const { data, errors } = form;
    await changeCart(this.em, cartId, async (tx, cart) => {
      const item = itemId === null ? null : await this.findLine(tx, cart, itemId, ['variant', 'units']);
      if (item === null) throw resourceNotFound('cart item');
      if (!errors.has('quantity') && !hasStockFor(item.variant, data.quantity)) errors.addRoot(insufficientStock(await this.productName(tx, item, cart)));
      throwIfInvalid(errors);
      setQuantity(tx, item, data.quantity);
      await tx.flush();
      await reprocessCart(tx, cart);
    });
  }

  async remove(cartId: number, itemId: number | null): Promise<void> {
    await changeCart(this.em, cartId, async (tx, cart) => {
      const item = itemId === null ? null : await this.findLine(tx, cart, itemId, []);
      if (item === null) throw resourceNotFound('cart item');
      // Its units and adjustments go with it (foreign keys cascade).
      tx.remove(item);
      await tx.flush();
      await reprocessCart(tx, cart);
    });
  }

  private findLine(tx: EntityManager, cart: LockedCart, itemId: number, populate: Array<'variant' | 'units'>) {
    return tx.findOne(OrderItem, { id: itemId, order: cart.id }, { populate });
  }

  /** The line's product name in the cart's locale (only the stock message needs it). */
  private async productName(tx: EntityManager, item: OrderItem, cart: LockedCart): Promise<string> {
    const product = await tx.findOneOrFail(Product, item.variant.product.id, { populate: ['translations'] });
    return productNameIn(product.translations.getItems(), cart.localeCode, product.code);
  }
}
