import { Body, Controller, Get, HttpCode, Param, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound, resourceNotFoundMessage } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { errorBody } from '../../common/openapi/error-schemas';
import { ApiJsonBody, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { noContent, notFound, ok, type ResponseSpec } from '../../common/openapi/responses';
import { integer } from '../../common/openapi/schema-builders';
import { ShipForm } from './forms/ship.form';
import { OrderSchema, PageOfOrdersSchema, ShipRequestSchema } from './orders.openapi';
import { OrderActionsService } from '../services/order-actions.service';
import { ORDER_LIST_SPEC, OrdersService } from '../services/orders.service';

const orderId = (raw: string) => parseId(raw, () => resourceNotFound('order'));
const ApiOrderId = (name = 'id') => ApiPathParam(name, 'Order id.', integer({ minimum: 1, example: 2 }));

/** The answer of cancel and payment completion in the wrong state: an empty message, as the reference gives. */
const wrongState = (description: string): ResponseSpec => ({ status: 400, description, schema: errorBody(400, ['']) });
const notEnoughStock = (): ResponseSpec => ({
  status: 409,
  description: "A tracked variant's on-hold or on-hand count would go below zero; nothing is changed.",
  schema: errorBody(409, [], { pattern: '^Not enough units to decrease on (hold|hand) quantity from the inventory of a variant ".*"\\.$' }),
});

@ApiTags('Orders')
@Controller('api/v1/orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly actions: OrderActionsService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOrders', summary: 'List orders', description: 'Placed orders only (every state but `cart`), in the list shape.' })
  @ApiPage({
    page: PageOfOrdersSchema,
    spec: ORDER_LIST_SPEC,
    criteria: {
      number: 'text in the order number (case-insensitive); `criteria[number][type]` = contains (default), equal, starts_with or ends_with, `[value]` the text',
      customer: "text in the customer's email, first or last name, with the same `[type]` / `[value]` form",
      channel: 'channel id (or code)',
      date: 'completion date range: `criteria[date][from]` and `criteria[date][to]` (YYYY-MM-DD or ISO date-time; a date-only `to` includes that day)',
      total: 'order total: `criteria[total][greaterThan]` / `[lessThan]` (exclusive, in major units such as `12.50`), `[currency]` the currency code',
    },
    description: 'A page of placed orders, by default the highest number first.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.orders.list(rawQuery(request));
  }

  /** Any order, carts included, in the full form. */
  @Get(':id')
  @ApiOperation({ operationId: 'showOrder', summary: 'Show an order', description: 'Any order, carts included, with every exposed field.' })
  @ApiOrderId()
  @ApiResponses(ok('The order with its lines, customer, channel, addresses, payments and shipments.', OrderSchema), notFound('No order has this id.', resourceNotFoundMessage('order')))
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.orders.show(orderId(id));
  }

  @Put(':id/cancel')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'cancelOrder',
    summary: 'Cancel an order',
    description:
      'Only a `new` order. Its open payments and ready shipments are cancelled, held stock is released (or given back when the order was paid) ' +
      'and its promotions and coupon get their use back. The body is ignored.',
  })
  @ApiOrderId()
  @ApiResponses(
    noContent('The order is cancelled.'),
    notFound('No order has this id.', resourceNotFoundMessage('order')),
    wrongState('The order is not `new` (a cart, or already cancelled or fulfilled).'),
    notEnoughStock(),
  )
  @ApiWriteErrors()
  async cancel(@Param('id') id: string): Promise<void> {
    await this.actions.cancel(orderId(id));
  }

  @Put(':orderId/shipments/:id/ship')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'shipShipment',
    summary: 'Ship a shipment',
    description: "Only a `ready` shipment of that order. The order's shipping state follows; the order is fulfilled when it is also paid.",
  })
  @ApiOrderId('orderId')
  @ApiPathParam('id', 'Shipment id.', integer({ minimum: 1, example: 3 }))
  @ApiJsonBody({
    form: ShipForm,
    schema: ShipRequestSchema,
    examples: { tracked: { summary: 'With a tracking code', value: { tracking: 'BANANAS' } }, untracked: { summary: 'Without one', value: {} } },
    validationExample: { code: 400, message: 'Validation Failed', errors: { errors: ['This form should not contain extra fields.'], children: { tracking: {} } } },
  })
  @ApiResponses(
    noContent('The shipment is shipped.'),
    notFound('The order has no shipment with this id (or the order does not exist).', resourceNotFoundMessage('shipment')),
    {
      status: 409,
      description: 'The shipment is not `ready` (still in a cart, already shipped, or cancelled).',
      schema: errorBody(409, [], { pattern: '^Transition "ship" cannot be applied on state "[a-z_]+" of object "Sylius\\\\Component\\\\Core\\\\Model\\\\Shipment" with graph "sylius_shipment"$' }),
    },
  )
  @ApiWriteErrors()
  async ship(@Param('orderId') order: string, @Param('id') id: string, @Body(new FormPipe(ShipForm)) form: SubmittedForm<ShipForm>): Promise<void> {
    const notFoundShipment = () => resourceNotFound('shipment');
    await this.actions.ship(parseId(order, notFoundShipment), parseId(id, notFoundShipment), form);
  }

  @Put(':orderId/payments/:id/complete')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'completePayment',
    summary: 'Complete a payment',
    description:
      'Only a `new`, `processing` or `authorized` payment of that order. Once the payments cover the order it is paid: its held stock is sold, ' +
      'and it is fulfilled when also shipped. The body is ignored.',
  })
  @ApiOrderId('orderId')
  @ApiPathParam('id', 'Payment id.', integer({ minimum: 1, example: 3 }))
  @ApiResponses(
    noContent('The payment is completed.'),
    notFound('The order has no payment with this id (or the order does not exist).', resourceNotFoundMessage('payment')),
    wrongState('The payment cannot be completed in its state (in a cart, completed, cancelled, failed or refunded).'),
    notEnoughStock(),
  )
  @ApiWriteErrors()
  async completePayment(@Param('orderId') order: string, @Param('id') id: string): Promise<void> {
    const notFoundPayment = () => resourceNotFound('payment');
    await this.actions.completePayment(parseId(order, notFoundPayment), parseId(id, notFoundPayment));
  }
}
