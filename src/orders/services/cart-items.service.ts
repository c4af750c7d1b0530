import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { hasStockFor } from '../../catalog/stock';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { EventOutbox } from '../../events';
import { orderCommand } from '../commands/order-command';
import { serializeCartItem } from '../serializers/cart.serializer';
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

const CART = { missing: 'cart', cartsOnly: true } as const;

/** The cart's line with that id; a 404 when it has none. */
function lineOf(cart: OrderAggregate, itemId: number | null): OrderItem {
  const line = cart.line(itemId);
  if (line === undefined) throw resourceNotFound('cart item');
  return line;
}

/** The checks of adding `form` to the cart that need the cart and the variant; violations join the form's. */
function checkAddable(cart: OrderAggregate, form: SubmittedForm<AddCartItemForm>): void {
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
function checkQuantity(cart: OrderAggregate, line: OrderItem, form: SubmittedForm<ChangeCartItemForm>): void {
  const { data, errors } = form;
  const variant = cart.variant(line.variant.id);
  if (!errors.has('quantity') && cart.pieces - line.quantity + data.quantity > MAX_CART_UNITS) errors.add('quantity', CART_UNITS_EXCEEDED);
  if (!errors.has('quantity') && !hasStockFor(variant, data.quantity)) errors.addRoot(insufficientStock(variant.productName));
  throwIfInvalid(errors);
}

@Injectable()
export class CartItemsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** Adds a variant to the cart, merged into the line that already holds it; answers that line as a GET of the cart shows it. */
  async add(cartId: number, form: SubmittedForm<AddCartItemForm>) {
    // Without a variant code there is nothing the database could add to the form's errors.
    const options = { ...CART, outbox: this.outbox, ...(!form.errors.has('variant') && { addedVariantCode: form.data.variant }) };
    return orderCommand(
      this.em,
      cartId,
      options,
      (cart) => {
        if (form.errors.has('variant')) throwIfInvalid(form.errors);
        checkAddable(cart, form);
        return cart.addItem(cart.addedVariant!.id, form.data.quantity);
      },
      // The line as the cart's event read it: the cart's GET read, done once for both.
      async (_tx, line, cart) => {
        const added = cart?.items.find((item) => item.id === line.id);
        if (added === undefined) throw new Error(`The cart line ${line.id} just written is not in its cart's event`);
        return serializeCartItem(added);
      },
    );
  }

  /** Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. */
  async changeQuantity(cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
    await orderCommand(this.em, cartId, { ...CART, outbox: this.outbox }, (cart) => {
      const line = lineOf(cart, itemId);
      checkQuantity(cart, line, form);
      cart.changeQuantity(line, form.data.quantity);
    });
  }

  async remove(cartId: number, itemId: number | null): Promise<void> {
    await orderCommand(this.em, cartId, { ...CART, outbox: this.outbox }, (cart) => cart.removeItem(lineOf(cart, itemId)));
  }
}
