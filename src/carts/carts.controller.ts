import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { CreateCartForm, UpdateCartForm } from './forms/cart.forms';
import { parseCartId as cartId } from './path-ids';
import { CartsService } from './services/carts.service';

const rawQuery = (request: FastifyRequest): string => {
  const start = request.url.indexOf('?');
  return start >= 0 ? request.url.slice(start + 1) : '';
};

@Controller('api/v1/carts')
export class CartsController {
  constructor(private readonly carts: CartsService) {}

  @Get()
  list(@Req() request: FastifyRequest) {
    return this.carts.list(rawQuery(request));
  }

  @Post()
  create(@Body(new FormPipe(CreateCartForm)) form: SubmittedForm<CreateCartForm>) {
    return this.carts.create(form);
  }

  @Get(':id')
  show(@Param('id') id: string) {
    return this.carts.show(cartId(id));
  }

  @Put(':id')
  @HttpCode(204)
  async replace(@Param('id') id: string, @Body(new FormPipe(UpdateCartForm)) form: SubmittedForm<UpdateCartForm>): Promise<void> {
    await this.carts.updateCoupon(cartId(id), form, 'replace');
  }

  @Patch(':id')
  @HttpCode(204)
  async patch(@Param('id') id: string, @Body(new FormPipe(UpdateCartForm, { partial: true })) form: SubmittedForm<UpdateCartForm>): Promise<void> {
    await this.carts.updateCoupon(cartId(id), form, 'merge');
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.carts.delete(cartId(id));
  }
}
