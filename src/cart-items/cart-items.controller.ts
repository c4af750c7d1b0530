import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { parseCartId as cartId, parseCartItemId as itemId } from '../carts/path-ids';
import { AddCartItemForm, ChangeCartItemForm } from './forms/cart-item.forms';
import { CartItemsService } from './services/cart-items.service';

@Controller('api/v1/carts/:cartId/items')
export class CartItemsController {
  constructor(private readonly items: CartItemsService) {}

  @Post()
  add(@Param('cartId') cart: string, @Body(new FormPipe(AddCartItemForm)) form: SubmittedForm<AddCartItemForm>) {
    return this.items.add(cartId(cart), form);
  }

  @Put(':itemId')
  @HttpCode(204)
  async replace(
    @Param('cartId') cart: string,
    @Param('itemId') item: string,
    @Body(new FormPipe(ChangeCartItemForm)) form: SubmittedForm<ChangeCartItemForm>,
  ): Promise<void> {
    await this.items.changeQuantity(cartId(cart), itemId(item), form);
  }

  /** The same as PUT: the only field, quantity, is required. */
  @Patch(':itemId')
  @HttpCode(204)
  async patch(
    @Param('cartId') cart: string,
    @Param('itemId') item: string,
    @Body(new FormPipe(ChangeCartItemForm)) form: SubmittedForm<ChangeCartItemForm>,
  ): Promise<void> {
    await this.items.changeQuantity(cartId(cart), itemId(item), form);
  }

  @Delete(':itemId')
  @HttpCode(204)
  async remove(@Param('cartId') cart: string, @Param('itemId') item: string): Promise<void> {
    await this.items.remove(cartId(cart), itemId(item));
  }
}
