import { applyDecorators, Body, Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { cartNotPriceable, CartItemSchema } from './carts.openapi';
import { addedCartItemExample } from './carts.openapi-examples';
import { NOT_BLANK } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { FormPipe } from '../../common/forms/form.pipe';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { created, noContent, notFound } from '../../common/openapi/responses';
import { integer } from '../../common/openapi/schema-builders';
import { parseCartId as cartId, parseCartItemId as itemId } from './path-ids';
import { AddCartItemRequestSchema, ChangeCartItemRequestSchema } from './cart-items.openapi';
import { MAX_CART_LINES, MAX_CART_UNITS } from '../domain/cart-limits';
import { AddCartItemForm, ChangeCartItemForm, QUANTITY_TOO_LOW } from './forms/cart-item.forms';
import { CartItemsService } from '../services/cart-items.service';
import { resourceNotFoundMessage } from '../../common/errors/api-error';

const CART_NOT_FOUND = resourceNotFoundMessage('cart');
const ITEM_NOT_FOUND = resourceNotFoundMessage('cart item');

const ApiCartId = () => ApiPathParam('cartId', 'Cart id. Only orders still in checkout state `cart` are found.', integer({ minimum: 1, example: 4 }));
const ApiItemId = () => ApiPathParam('itemId', 'Id of a line of that cart.', integer({ minimum: 1, example: 8 }));
const itemNotFound = () => notFound('No cart has this id, or the cart has no line with this id.', CART_NOT_FOUND, ITEM_NOT_FOUND);

/** PUT and PATCH both set the quantity, which is required. */
const ApiChangeQuantity = (operationId: string, summary: string) =>
  applyDecorators(
    ApiOperation({
      operationId,
      summary,
      description: `Adds units or removes the oldest ones until there is one per piece, then recalculates the cart. The cart's lines together hold at most ${MAX_CART_UNITS} pieces: past that, 400.`,
    }),
    ApiCartId(),
    ApiItemId(),
    ApiJsonBody({
      form: ChangeCartItemForm,
      schema: ChangeCartItemRequestSchema,
      examples: { quantity: { summary: 'Three pieces', value: { quantity: 3 } } },
      validationExample: { code: 400, message: 'Validation Failed', errors: { errors: ['Mug does not have sufficient stock.'], children: { quantity: {} } } },
    }),
    ApiResponses(noContent('The quantity is changed and the cart recalculated.'), itemNotFound(), cartNotPriceable()),
    ApiWriteErrors(),
  );

@ApiTags('Cart items')
@Controller('api/v1/carts/:cartId/items')
export class CartItemsController {
  constructor(private readonly items: CartItemsService) {}

  @Post()
  @ApiOperation({
    operationId: 'addCartItem',
    summary: 'Add a variant to a cart',
    description: `A variant already in the cart is merged into its line (the quantities add up). The cart is recalculated. A cart holds at most ${MAX_CART_LINES} lines and ${MAX_CART_UNITS} pieces in total: past either, 400.`,
  })
  @ApiCartId()
  @ApiJsonBody({
    form: AddCartItemForm,
    schema: AddCartItemRequestSchema,
    examples: { mug: { summary: 'One Star Wars mug', value: { variant: 'MUG_SW', quantity: 1 } } },
    validationExample: {
      code: 400,
      message: 'Validation Failed',
      errors: { children: { quantity: { errors: [QUANTITY_TOO_LOW] }, variant: { errors: [NOT_BLANK] } } },
    },
  })
  @ApiResponses(
    created('The line holding the variant, after recalculation.', CartItemSchema, { added: { summary: 'One mug added', value: addedCartItemExample } }),
    notFound('No cart has this id.', CART_NOT_FOUND),
    cartNotPriceable(),
  )
  @ApiIdempotentPost()
  @ApiWriteErrors()
  add(@Param('cartId') cart: string, @Body(new FormPipe(AddCartItemForm)) form: SubmittedForm<AddCartItemForm>) {
    return this.items.add(cartId(cart), form);
  }

  @Put(':itemId')
  @HttpCode(204)
  @ApiChangeQuantity('replaceCartItem', "Set a line's quantity")
  async replace(
    @Param('cartId') cart: string,
    @Param('itemId') item: string,
    @Body(new FormPipe(ChangeCartItemForm)) form: SubmittedForm<ChangeCartItemForm>,
  ): Promise<void> {
    await this.items.changeQuantity(cartId(cart), itemId(item), form);
  }

  /** The same as PUT: the only field, quantity, is required. */
  @Patch(':itemId')
  @HttpCode(204)
  @ApiChangeQuantity('updateCartItem', "Set a line's quantity (same as PUT)")
  async patch(
    @Param('cartId') cart: string,
    @Param('itemId') item: string,
    @Body(new FormPipe(ChangeCartItemForm)) form: SubmittedForm<ChangeCartItemForm>,
  ): Promise<void> {
    await this.items.changeQuantity(cartId(cart), itemId(item), form);
  }

  @Delete(':itemId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteCartItem', summary: 'Remove a line from a cart', description: 'The cart is recalculated.' })
  @ApiCartId()
  @ApiItemId()
  @ApiResponses(noContent('The line is gone and the cart recalculated.'), itemNotFound(), cartNotPriceable())
  @ApiWriteErrors()
  async remove(@Param('cartId') cart: string, @Param('itemId') item: string): Promise<void> {
    await this.items.remove(cartId(cart), itemId(item));
  }
}
