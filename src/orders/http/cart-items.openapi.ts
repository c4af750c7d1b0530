import { requestSchemaFor } from '../../common/openapi/request-schema';
import { MAX_CART_LINES, MAX_CART_UNITS } from '../domain/cart-limits';
import { AddCartItemForm, ChangeCartItemForm } from './forms/cart-item.forms';

const quantity = {
  description: `Number of units; a tracked variant allows at most on hand − on hold, and the cart's lines together at most ${MAX_CART_UNITS}.`,
  example: 2,
};

export const AddCartItemRequestSchema = requestSchemaFor(AddCartItemForm, 'AddCartItemRequest', {
  example: { variant: 'MUG_SW', quantity: 1 },
  properties: {
    quantity,
    variant: { description: `Variant code; it needs a price in the cart's channel. A cart holds at most ${MAX_CART_LINES} different variants.`, example: 'MUG_SW' },
  },
});

export const ChangeCartItemRequestSchema = requestSchemaFor(ChangeCartItemForm, 'ChangeCartItemRequest', { example: { quantity: 3 }, properties: { quantity } });
