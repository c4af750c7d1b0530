import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { hasStockFor } from '../../catalog/stock';
import { resourceNotFound } from '../../common/errors/api-error';
import { NOT_VALID } from '../../common/forms/messages';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { serializeCartItem } from '../serializers/cart.serializer';
import { changeCart, processCart } from '../commands/cart-transaction';
import { findCartItem } from '../queries/cart-item.read-model';
import { lineForVariant, removeLine, setLineQuantity } from '../pricing/order-graph-changes';
import { loadOrderForProcessing, variantFactsOf, type OrderForProcessing } from '../pricing/order-processor';
import type { OrderItem } from '../domain/order-item.entity';
import { MAX_CART_LINES, MAX_CART_UNITS, MAX_QUANTITY } from '../domain/cart-limits';
import {
  CART_LINES_EXCEEDED,
  CART_UNITS_EXCEEDED,
  insufficientStock,
  QUANTITY_TOO_HIGH,
  VARIANT_NOT_IN_CHANNEL,
  type AddCartItemForm,
  type ChangeCartItemForm,
} from '../http/forms/cart-item.forms';

@Injectable()
export class CartItemsService {
  constructor(private readonly em: EntityManager) {}

  /** Adds a variant to the cart, merging into the line that already holds it; answers the resulting line. */
  async add(cartId: number, form: SubmittedForm<AddCartItemForm>) {
    const { data, errors } = form;
    return changeCart(this.em, cartId, async (tx, cart) => {
      // Without a variant code there is nothing the database could add to the form's errors.
      if (errors.has('variant')) throwIfInvalid(errors);
      const order = await loadOrderForProcessing(tx, cart.id, { addedVariantCode: data.variant });
      const variant = order.rows.added_variant;
      const facts = variant === null ? null : variantFactsOf(order, variant.variant_id);
      if (facts === null) errors.add('variant', NOT_VALID);
      else if (facts.price === null) errors.add('variant', VARIANT_NOT_IN_CHANNEL);
      else {
        const merged = order.graph.items.find((item) => item.variant.id === facts.variant_id);
        if (merged === undefined && order.graph.items.length >= MAX_CART_LINES) errors.add('variant', CART_LINES_EXCEEDED);
        if (!errors.has('quantity')) {
          const quantity = (merged?.quantity ?? 0) + data.quantity;
          if (quantity > MAX_QUANTITY) errors.add('quantity', QUANTITY_TOO_HIGH);
          else if (piecesIn(order) + data.quantity > MAX_CART_UNITS) errors.add('quantity', CART_UNITS_EXCEEDED);
          else if (!hasStockFor({ tracked: facts.tracked, onHand: facts.on_hand, onHold: facts.on_hold }, quantity)) {
            errors.addRoot(insufficientStock(facts.product_name));
          }
        }
      }
      throwIfInvalid(errors);
      if (variant === null) throw new Error('An add-item form without a variant was accepted');

      const line = lineForVariant(tx, order.graph, variant.variant_id);
      setLineQuantity(tx, order.graph, line, line.quantity + data.quantity);
      await processCart(tx, order);
      // After the flush, through the cart-item read model whose columns the cart's GET shows.
      const added = await findCartItem(tx, line.id);
      if (added === null) throw new Error(`The cart line ${line.id} just written cannot be read`);
      return serializeCartItem(added);
    });
  }

  /** Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. */
  async changeQuantity(cartId: number, itemId: number | null, form: SubmittedForm<ChangeCartItemForm>): Promise<void> {
    const { data, errors } = form;
    await changeCart(this.em, cartId, async (tx, cart) => {
      const order = await loadOrderForProcessing(tx, cart.id);
      const line = findLine(order, itemId);
      const variant = variantFactsOf(order, line.variant.id);
      if (!errors.has('quantity') && piecesIn(order) - line.quantity + data.quantity > MAX_CART_UNITS) errors.add('quantity', CART_UNITS_EXCEEDED);
      if (!errors.has('quantity') && !hasStockFor({ tracked: variant.tracked, onHand: variant.on_hand, onHold: variant.on_hold }, data.quantity)) {
        errors.addRoot(insufficientStock(variant.product_name));
      }
      throwIfInvalid(errors);
      setLineQuantity(tx, order.graph, line, data.quantity);
      await processCart(tx, order);
    });
  }

  async remove(cartId: number, itemId: number | null): Promise<void> {
    await changeCart(this.em, cartId, async (tx, cart) => {
      const order = await loadOrderForProcessing(tx, cart.id);
      removeLine(tx, order.graph, findLine(order, itemId));
      await processCart(tx, order);
    });
  }
}

/** The pieces in the cart, all lines together. */
function piecesIn(order: OrderForProcessing): number {
  return order.graph.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The cart's line with that id; a 404 when it has none. */
function findLine(order: OrderForProcessing, itemId: number | null): OrderItem {
  const line = itemId === null ? undefined : order.graph.items.find((item) => item.id === itemId);
  if (line === undefined) throw resourceNotFound('cart item');
  return line;
}
