import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { conflict, created, noContent, notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
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
import { DeleteCustomerService, HAS_PLACED_ORDERS } from './services/delete-customer.service';
import { UpdateCustomerService } from './services/update-customer.service';

const customerId = (raw: string): number => parseId(raw, () => resourceNotFound('customer'));

const ApiCustomerId = () => ApiPathParam('id', 'Customer id.', integer({ minimum: 1, example: 2 }));
const customerNotFound = () => notFound('No customer has this id.', resourceNotFoundMessage('customer'));

@ApiTags('Customers')
@Controller('api/v1/customers')
export class CustomersController {
  constructor(
    private readonly queries: CustomerQueriesService,
    private readonly creator: CreateCustomerService,
    private readonly updater: UpdateCustomerService,
    private readonly deleter: DeleteCustomerService,
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
  async replace(@Param('id') id: string, @Body() body: unknown): Promise<void> {
    await this.updater.update(customerId(id), body, 'replace');
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
  async patch(@Param('id') id: string, @Body() body: unknown): Promise<void> {
    await this.updater.update(customerId(id), body, 'merge');
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteCustomer',
    summary: 'Delete a customer',
    description: 'Removes the customer with the shop account, the address book and the carts. A customer who placed orders is kept (409).',
  })
  @ApiCustomerId()
  @ApiResponses(noContent('The customer is gone.'), customerNotFound(), conflict('The customer has placed orders, which are kept as financial records.', HAS_PLACED_ORDERS))
  @ApiWriteErrors()
  async remove(@Param('id') id: string): Promise<void> {
    await this.deleter.delete(customerId(id));
  }
}
