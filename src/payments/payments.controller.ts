import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
import { PageOfPaymentsSchema, PaymentSchema } from './payments.openapi';
import { PAYMENT_LIST_SPEC, PaymentsService } from './payments.service';

@ApiTags('Payments')
@Controller('api/v1/payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listPayments',
    summary: 'List payments',
    description: 'The payments of placed orders, newest first; the payment of a cart is never listed (`GET /api/v1/payments/{id}` shows it).',
  })
  @ApiPage({
    page: PageOfPaymentsSchema,
    spec: PAYMENT_LIST_SPEC,
    criteria: {
      state:
        'payment state, a case-insensitive substring; or `criteria[state][type]=<type>&criteria[state][value]=<text>` with type ' +
        '`contains`, `not_contains`, `equal`, `not_equal`, `starts_with`, `ends_with`, `empty`, `not_empty`, `in` or `not_in` (comma-separated values)',
    },
    description: 'A page of payments.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.payments.list(rawQuery(request));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showPayment', summary: 'Show a payment' })
  @ApiPathParam('id', 'Payment id.', integer({ minimum: 1, example: 1 }))
  @ApiResponses(ok('The payment with its method in full.', PaymentSchema), notFound('No payment has this id.', resourceNotFoundMessage('payment')))
  @ApiStandardErrors()
  show(@Param('id') rawId: string) {
    return this.payments.show(parseId(rawId, () => resourceNotFound('payment')));
  }
}
