import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { created, noContent, ok } from '../common/openapi/responses';
import { ApiCustomerId, customerId, customerNotFound } from './customer-id';
import { serializeCustomerDetail } from './customer.serializer';
import {
  createdCustomerExample,
  CustomerPatchRequestSchema,
  customerRequestExamples,
  CustomerRequestSchema,
  CustomerSchema,
  customerValidationExample,
  customerWithoutAccountExample,
  PageOfCustomersSchema,
} from './customers.openapi';
import { CustomerForm } from './forms/customer.form';
import { CUSTOMER_LIST_SPEC } from './queries/customer.read-model';
import { CreateCustomerService } from './services/create-customer.service';
import { CustomerQueriesService } from './services/customer-queries.service';
import { UpdateCustomerService } from './services/update-customer.service';

/** Deleting a customer is the orders module's (src/orders/http/customer-deletion.controller.ts): it depends on the customer's orders. */
@ApiTags('Customers')
@Controller('api/v1/customers')
export class CustomersController {
  constructor(
    private readonly queries: CustomerQueriesService,
    private readonly creator: CreateCustomerService,
    private readonly updater: UpdateCustomerService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listCustomers', summary: 'List customers', description: 'Every customer, guests (without an account) included.' })
  @ApiPage({
    page: PageOfCustomersSchema,
    spec: CUSTOMER_LIST_SPEC,
    criteria: { search: 'part of the email, first or last name, case-insensitive', group: 'customer-group code' },
    description: 'A page of customers.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    const queryStart = request.url.indexOf('?');
    return this.queries.list(queryStart >= 0 ? request.url.slice(queryStart + 1) : '');
  }

  @Post()
  @ApiOperation({
    operationId: 'createCustomer',
    summary: 'Create a customer',
    description: 'A `user` object with any non-empty value also creates the shop account, which then needs `plainPassword`.',
  })
  @ApiJsonBody({ form: CustomerForm, schema: CustomerRequestSchema, examples: customerRequestExamples, validationExample: customerValidationExample })
  @ApiResponses(created('The new customer.', CustomerSchema, { withUser: { summary: 'Created with a shop account', value: createdCustomerExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(CustomerForm)) form: SubmittedForm<CustomerForm>) {
    return serializeCustomerDetail(await this.creator.create(form));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showCustomer', summary: 'Show a customer' })
  @ApiCustomerId()
  @ApiResponses(
    ok('The customer with every detail.', CustomerSchema, { guest: { summary: 'A customer without an account', value: customerWithoutAccountExample } }),
    customerNotFound(),
  )
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.queries.show(customerId(id));
  }

  @Put(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceCustomer',
    summary: 'Replace a customer',
    description: 'Fields left out are cleared. A `user` object needs `plainPassword` whenever any of its fields is given.',
  })
  @ApiCustomerId()
  @ApiJsonBody({ form: CustomerForm, schema: CustomerRequestSchema, examples: customerRequestExamples, validationExample: customerValidationExample })
  @ApiResponses(noContent('The customer is replaced.'), customerNotFound())
  @ApiWriteErrors()
  async replace(@Param('id') id: string, @Body(new FormPipe(CustomerForm)) form: SubmittedForm<CustomerForm>): Promise<void> {
    await this.updater.update(customerId(id), form, 'replace');
  }

  @Patch(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateCustomer', summary: 'Change some fields of a customer', description: 'Only the fields given change.' })
  @ApiCustomerId()
  @ApiJsonBody({
    form: CustomerForm,
    schema: CustomerPatchRequestSchema,
    examples: { rename: { summary: 'A new last name and group', value: { lastName: 'Queen', groups: ['wholesale'] } } },
    validationExample: {
      code: 400,
      message: 'Validation Failed',
      errors: { children: { ...customerValidationExample.errors.children, email: { errors: ['This email is invalid.'] }, gender: {} } },
    },
  })
  @ApiResponses(noContent('The fields given are changed.'), customerNotFound())
  @ApiWriteErrors()
  async patch(@Param('id') id: string, @Body(new FormPipe(CustomerForm, { partial: true, validateNulls: true })) form: SubmittedForm<CustomerForm>): Promise<void> {
    await this.updater.update(customerId(id), form, 'merge');
  }
}
