import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../../common/http/raw-query';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { created, noContent, notFound, ok } from '../../common/openapi/responses';
import { integer } from '../../common/openapi/schema-builders';
import { cartNotPriceable, CartSchema, CreateCartRequestSchema, newCartExample, PageOfCartsSchema, UpdateCartRequestSchema } from './carts.openapi';
import { COUPON_INVALID, CreateCartForm, UpdateCartForm } from './forms/cart.forms';
import { parseCartId as cartId } from './path-ids';
import { CART_LIST_SPEC, CartsService } from '../services/carts.service';
import { resourceNotFoundMessage } from '../../common/errors/api-error';

const CART_NOT_FOUND = resourceNotFoundMessage('cart');
const ApiCartId = () => ApiPathParam('id', 'Cart id. Only orders still in checkout state `cart` are found.', integer({ minimum: 1, example: 4 }));

/** The body of PUT and PATCH: apply or remove a coupon. */
const ApiCouponBody = (partial: boolean) =>
  ApiJsonBody({
    form: UpdateCartForm,
    schema: UpdateCartRequestSchema,
    description: partial
      ? 'Without `promotionCoupon` the coupon stays as it is; `null` or `""` removes it.'
      : 'The whole cart form: without `promotionCoupon` (or with `null` or `""`) the coupon is removed.',
    examples: { apply: { summary: 'Apply a coupon', value: { promotionCoupon: 'SAVE10' } }, remove: { summary: 'Remove the coupon', value: { promotionCoupon: null } } },
    validationExample: { code: 400, message: 'Validation Failed', errors: { children: { promotionCoupon: { errors: [COUPON_INVALID] } } } },
  });

@ApiTags('Carts')
@Controller('api/v1/carts')
export class CartsController {
  constructor(private readonly carts: CartsService) {}

  @Get()
  @ApiOperation({ operationId: 'listCarts', summary: 'List carts', description: 'Orders still in checkout state `cart`; placed orders are never listed.' })
  @ApiPage({
    page: PageOfCartsSchema,
    spec: CART_LIST_SPEC,
    criteria: { customer: "the customer's email, exact and case-insensitive", channel: 'channel code' },
    description: 'A page of carts.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.carts.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({
    operationId: 'createCart',
    summary: 'Create a cart',
    description: "An empty cart for a customer in a channel; its currency is the channel's base currency. Several carts per customer are allowed.",
  })
  @ApiJsonBody({
    form: CreateCartForm,
    schema: CreateCartRequestSchema,
    examples: { cart: { summary: 'A cart for Oliver in the web channel', value: { customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB' } } },
    validationExample: {
      code: 400,
      message: 'Validation Failed',
      errors: {
        children: {
          customer: { errors: ['This value should not be blank.'] },
          localeCode: { errors: ['This value should not be blank.'] },
          channel: { errors: ['This value should not be blank.'] },
        },
      },
    },
  })
  @ApiResponses(created('The new cart: no items, all totals 0.', CartSchema, { created: { summary: 'A new cart', value: newCartExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(CreateCartForm)) form: SubmittedForm<CreateCartForm>) {
    return this.carts.create(form);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showCart', summary: 'Show a cart' })
  @ApiCartId()
  @ApiResponses(ok('The cart with its lines, adjustments and totals.', CartSchema), notFound('No cart has this id.', CART_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.carts.show(cartId(id));
  }

  @Put(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceCart', summary: "Set or remove a cart's coupon", description: 'Applies the coupon and recalculates the cart.' })
  @ApiCartId()
  @ApiCouponBody(false)
  @ApiResponses(noContent('The coupon is set (or removed) and the cart recalculated.'), notFound('No cart has this id.', CART_NOT_FOUND), cartNotPriceable())
  @ApiWriteErrors()
  async replace(@Param('id') id: string, @Body(new FormPipe(UpdateCartForm)) form: SubmittedForm<UpdateCartForm>): Promise<void> {
    await this.carts.updateCoupon(cartId(id), form, 'replace');
  }

  @Patch(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateCart', summary: "Change a cart's coupon", description: 'Applies the coupon and recalculates the cart.' })
  @ApiCartId()
  @ApiCouponBody(true)
  @ApiResponses(noContent('The coupon is set (or removed) and the cart recalculated.'), notFound('No cart has this id.', CART_NOT_FOUND), cartNotPriceable())
  @ApiWriteErrors()
  async patch(@Param('id') id: string, @Body(new FormPipe(UpdateCartForm, { partial: true })) form: SubmittedForm<UpdateCartForm>): Promise<void> {
    await this.carts.updateCoupon(cartId(id), form, 'merge');
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteCart',
    summary: 'Delete a cart',
    description: 'Removes the cart with its lines, units, adjustments, payments, shipments and addresses.',
  })
  @ApiCartId()
  @ApiResponses(noContent('The cart is gone.'), notFound('No cart has this id.', CART_NOT_FOUND))
  @ApiWriteErrors()
  async remove(@Param('id') id: string): Promise<void> {
    await this.carts.delete(cartId(id));
  }
}
