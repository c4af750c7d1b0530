import { requestSchemaFor } from '../common/openapi/request-schema';
import { AddCartItemForm, ChangeCartItemForm } from './forms/cart-item.forms';

const quantity = { description: 'Number of units; a tracked variant allows at most on hand − on hold.', example: 2 };

export const AddCartItemRequestSchema = requestSchemaFor(AddCartItemForm, 'AddCartItemRequest', {
  example: { variant: 'MUG_SW', quantity: 1 },
  properties: { quantity, variant: { description: "Variant code; it needs a price in the cart's channel.", example: 'MUG_SW' } },
});

export const ChangeCartItemRequestSchema = requestSchemaFor(ChangeCartItemForm, 'ChangeCartItemRequest', { example: { quantity: 3 }, properties: { quantity } });
