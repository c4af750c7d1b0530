import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../common/errors/api-error';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { serializePaymentMethod } from './payment.serializer';
import { PaymentMethodSchema } from './payments.openapi';
import { findPaymentMethod } from './queries/payment-queries';

@ApiTags('Payments')
@Controller('api/v1/payment-methods')
export class PaymentMethodsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showPaymentMethod', summary: 'Show a payment method' })
  @ApiPathParam('code', 'Payment method code (case-sensitive).', string({ example: 'cash_on_delivery' }))
  @ApiResponses(
    ok('The payment method with its translations and channels.', PaymentMethodSchema),
    notFound('No payment method has this code.', 'The "payment method" has not been found'),
  )
  @ApiStandardErrors()
  async show(@Param('code') code: string) {
    const method = await findPaymentMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('payment method');
    return serializePaymentMethod(method);
  }
}
