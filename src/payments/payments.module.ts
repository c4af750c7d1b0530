import { Module } from '@nestjs/common';
import { PaymentMethodWritesService } from './payment-method-writes.service';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaymentMethodsService } from './payment-methods.service';

/** Read-only payments; payment methods read, created, changed and deleted. */
@Module({ controllers: [PaymentsController, PaymentMethodsController], providers: [PaymentMethodsService, PaymentMethodWritesService, PaymentsService] })
export class PaymentsModule {}
