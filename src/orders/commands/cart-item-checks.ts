import { hasStockFor } from '../../catalog/stock';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { MAX_CART_LINES, MAX_CART_UNITS, MAX_QUANTITY } from '../domain/cart-limits';
import type { OrderAggregate } from '../domain/order-aggregate';
import type { OrderItem } from '../domain/order-item.entity';
import {
  CART_LINES_EXCEEDED,
  CART_UNITS_EXCEEDED,
  insufficientStock,
  QUANTITY_TOO_HIGH,
  VARIANT_NOT_IN_CHANNEL,
  type AddCartItemForm,
  type ChangeCartItemForm,
} from '../http/forms/cart-item.forms';

/** The cart's line with that id; a 404 when it has none. */
export function lineOf(cart: OrderAggregate, itemId: number | null): OrderItem {
  const line = cart.line(itemId);
  if (line === undefined) throw resourceNotFound('cart item');
  return line;
}

/** The checks of adding `form` to the cart that need the cart and the variant; violations join the form's. */
export function checkAddable(cart: OrderAggregate, form: SubmittedForm<AddCartItemForm>): void {
  const { data, errors } = form;
  const variant = cart.addedVariant;
  if (variant === null) errors.add('variant', NOT_VALID);
  else if (variant.price === null) errors.add('variant', VARIANT_NOT_IN_CHANNEL);
  else {
    const merged = cart.lineOf(variant.id);
    if (merged === undefined && cart.items.length >= MAX_CART_LINES) errors.add('variant', CART_LINES_EXCEEDED);
    if (!errors.has('quantity')) {
      const quantity = (merged?.quantity ?? 0) + data.quantity;
      if (quantity > MAX_QUANTITY) errors.add('quantity', QUANTITY_TOO_HIGH);
      else if (cart.pieces + data.quantity > MAX_CART_UNITS) errors.add('quantity', CART_UNITS_EXCEEDED);
      else if (!hasStockFor(variant, quantity)) errors.addRoot(insufficientStock(variant.productName));
    }
  }
  throwIfInvalid(errors);
}

/** The checks of giving a line a new quantity. */
export function checkQuantity(cart: OrderAggregate, line: OrderItem, form: SubmittedForm<ChangeCartItemForm>): void {
  const { data, errors } = form;
  const variant = cart.variant(line.variant.id);
  if (!errors.has('quantity') && cart.pieces - line.quantity + data.quantity > MAX_CART_UNITS) errors.add('quantity', CART_UNITS_EXCEEDED);
  if (!errors.has('quantity') && !hasStockFor(variant, data.quantity)) errors.addRoot(insufficientStock(variant.productName));
  throwIfInvalid(errors);
}
