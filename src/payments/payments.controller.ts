import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { serializePayment } from './payment.serializer';
import { findPayment } from './queries/payment-queries';

@Controller('api/v1/payments')
export class PaymentsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':id')
  async show(@Param('id') rawId: string) {
    const payment = await findPayment(this.em.fork(), parseId(rawId, () => resourceNotFound('payment')));
    if (payment === null) throw resourceNotFound('payment');
    return serializePayment(payment);
  }
}
