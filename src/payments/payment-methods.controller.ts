import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PaymentMethodSchema } from './payments.openapi';
import { PaymentMethodsService } from './payment-methods.service';
import { resourceNotFoundMessage } from '../common/errors/api-error';

@ApiTags('Payments')
@Controller('api/v1/payment-methods')
export class PaymentMethodsController {
  constructor(private readonly paymentMethods: PaymentMethodsService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showPaymentMethod', summary: 'Show a payment method' })
  @ApiPathParam('code', 'Payment method code (case-sensitive).', string({ example: 'cash_on_delivery' }))
  @ApiResponses(
    ok('The payment method with its translations and channels.', PaymentMethodSchema),
    notFound('No payment method has this code.', resourceNotFoundMessage('payment method')),
  )
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.paymentMethods.show(code);
  }
}
