import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResponses, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { conflict, noContent } from '../../common/openapi/responses';
import { ApiCustomerId, customerId, customerNotFound } from '../../customers/customer-id';
import { DeleteCustomerService, HAS_PLACED_ORDERS } from '../services/delete-customer.service';

/**
 * DELETE /api/v1/customers/{id} lives with the orders, not the customers: whether a customer may go
 * depends on the orders they placed, and the carts go with them. The rest of /customers is the
 * customers module's, which knows nothing of orders.
 */
@ApiTags('Customers')
@Controller('api/v1/customers')
export class CustomerDeletionController {
  constructor(private readonly deleter: DeleteCustomerService) {}

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteCustomer',
    summary: 'Delete a customer',
    description: 'Removes the customer with the shop account, the address book, the carts and the product reviews they wrote (the average ratings they counted in are recomputed). A customer who placed orders is kept (409).',
  })
  @ApiCustomerId()
  @ApiResponses(noContent('The customer is gone.'), customerNotFound(), conflict('The customer has placed orders, which are kept as financial records.', HAS_PLACED_ORDERS))
  @ApiWriteErrors()
  async remove(@Param('id') id: string): Promise<void> {
    await this.deleter.delete(customerId(id));
  }
}
