import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
import { PaymentSchema } from './payments.openapi';
import { PaymentsService } from './payments.service';

@ApiTags('Payments')
@Controller('api/v1/payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get(':id')
  @ApiOperation({ operationId: 'showPayment', summary: 'Show a payment' })
  @ApiPathParam('id', 'Payment id.', integer({ minimum: 1, example: 1 }))
  @ApiResponses(ok('The payment with its method in full.', PaymentSchema), notFound('No payment has this id.', resourceNotFoundMessage('payment')))
  @ApiStandardErrors()
  show(@Param('id') rawId: string) {
    return this.payments.show(parseId(rawId, () => resourceNotFound('payment')));
  }
}
