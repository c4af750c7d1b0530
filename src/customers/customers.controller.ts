import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { serializeCustomerDetail } from './customer.serializer';
import { CustomerForm } from './forms/customer.form';
import { CreateCustomerService } from './services/create-customer.service';
import { CustomerQueriesService } from './services/customer-queries.service';
import { DeleteCustomerService } from './services/delete-customer.service';
import { UpdateCustomerService } from './services/update-customer.service';

const customerId = (raw: string): number => parseId(raw, () => resourceNotFound('customer'));

@Controller('api/v1/customers')
export class CustomersController {
  constructor(
    private readonly queries: CustomerQueriesService,
    private readonly creator: CreateCustomerService,
    private readonly updater: UpdateCustomerService,
    private readonly deleter: DeleteCustomerService,
  ) {}

  @Get()
  list(@Req() request: FastifyRequest) {
    const queryStart = request.url.indexOf('?');
    return this.queries.list(queryStart >= 0 ? request.url.slice(queryStart + 1) : '');
  }

  @Post()
  async create(@Body(new FormPipe(CustomerForm)) form: SubmittedForm<CustomerForm>) {
    return serializeCustomerDetail(await this.creator.create(form));
  }

  @Get(':id')
  show(@Param('id') id: string) {
    return this.queries.show(customerId(id));
  }

  @Put(':id')
  @HttpCode(204)
  async replace(@Param('id') id: string, @Body() body: unknown): Promise<void> {
    await this.updater.update(customerId(id), body, 'replace');
  }

  @Patch(':id')
  @HttpCode(204)
  async patch(@Param('id') id: string, @Body() body: unknown): Promise<void> {
    await this.updater.update(customerId(id), body, 'merge');
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.deleter.delete(customerId(id));
  }
}
