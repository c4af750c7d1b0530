import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { CustomersController } from './customers.controller';
import { CreateCustomerService } from './services/create-customer.service';
import { CustomerQueriesService } from './services/customer-queries.service';
import { UpdateCustomerService } from './services/update-customer.service';

@Module({
  imports: [EventsModule],
  controllers: [CustomersController],
  providers: [CustomerQueriesService, CreateCustomerService, UpdateCustomerService],
})
export class CustomersModule {}
