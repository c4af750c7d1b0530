import { Module } from '@nestjs/common';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentsController } from './payments.controller';

/** Read-only payments and payment methods, as orders link to them. */
@Module({ controllers: [PaymentsController, PaymentMethodsController] })
export class PaymentsModule {}
