import { closedObject, integer, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { MAX_QUANTITY } from './forms/cart-item.forms';

const quantity = integer({ minimum: 1, maximum: MAX_QUANTITY, description: 'Number of units; a tracked variant allows at most on hand − on hold.', example: 2 });

export const AddCartItemRequestSchema = defineSchema(
  'AddCartItemRequest',
  closedObject(
    { quantity, variant: string({ description: 'Variant code; it needs a price in the cart\'s channel.', example: 'MUG_SW' }) },
    { example: { variant: 'MUG_SW', quantity: 1 } },
  ),
);

export const ChangeCartItemRequestSchema = defineSchema('ChangeCartItemRequest', closedObject({ quantity }, { example: { quantity: 3 } }));
