import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { NOT_VALID } from '../../common/forms/messages';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { serializeCartItem } from '../../carts/cart.serializer';
import { changeCart, reprocessCart } from '../../carts/cart-transaction';
import { processedCartLine } from '../../carts/processed-cart-line';
import {
  insufficientStock,
  MAX_QUANTITY,
  QUANTITY_TOO_HIGH,
  VARIANT_NOT_IN_CHANNEL,
  type AddCartItemForm,
  type ChangeCartItemForm,
} from '../forms/cart-item.forms';
import { addItem, changeItemQuantity, hasStockFor, removeItem } from './cart-item-writes';

@Injectable()
export class CartItemsService {
  constructor(private readonly em: EntityManager) {}

  /** Adds a variant to the cart, merging into the line that already holds it; answers the resulting line. */
  async add(cartId: number, form: SubmittedForm<AddCartItemForm>) {
    const { data, errors } = form;
    return changeCart(this.em, cartId, async (tx, cart) => {
      const variant = await addItem(tx, cart, {
        variantCode: errors.has('variant') ? null : data.variant,
        quantity: errors.has('quantity') ? 0 : data.quantity,
        formValid: errors.isValid,
      });
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
      if (variant?.item_id == null) throw new Error('A valid cart item form was not written');

      const processed = await reprocessCart(tx, cart);
      return serializeCartItem(processedCartLine(processed, variant.item_id, variant));
    });
  }

  /** Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. */
  async changeQuantity(cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
    const { data, errors } = form;
    await changeCart(this.em, cartId, async (tx, cart) => {
      const valid = errors.isValid;
      const item = itemId === null ? null : await changeItemQuantity(tx, cart, itemId, valid ? data.quantity : 0, valid);
      if (item === null) throw resourceNotFound('cart item');
      if (!errors.has('quantity') && !hasStockFor(item, data.quantity)) errors.addRoot(insufficientStock(item.product_name));
      throwIfInvalid(errors);
      if (!item.changed) throw new Error('A valid quantity change was not written');
      await reprocessCart(tx, cart);
    });
  }

  async remove(cartId: number, itemId: number | null): Promise<void> {
    await changeCart(this.em, cartId, async (tx, cart) => {
      if (itemId === null || !(await removeItem(tx, cart, itemId))) throw resourceNotFound('cart item');
      await reprocessCart(tx, cart);
    });
  }
}
