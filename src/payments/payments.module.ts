import { Module } from '@nestjs/common';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaymentMethodsService } from './payment-methods.service';

/** Read-only payments and payment methods, as orders link to them. */
@Module({ controllers: [PaymentsController, PaymentMethodsController], providers: [PaymentMethodsService, PaymentsService] })
export class PaymentsModule {}
