import { Controller, Get, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CatalogQueriesService } from './services/catalog-queries.service';

const rawQuery = (request: FastifyRequest): string => {
  const start = request.url.indexOf('?');
  return start >= 0 ? request.url.slice(start + 1) : '';
};

/** Read-only products and their variants, addressed by code. */
@Controller('api/v1/products')
export class ProductsController {
  constructor(private readonly catalog: CatalogQueriesService) {}

  @Get(':code')
  show(@Param('code') code: string) {
    return this.catalog.product(code);
  }

  @Get(':productCode/variants')
  variants(@Param('productCode') productCode: string, @Req() request: FastifyRequest) {
    return this.catalog.variants(productCode, rawQuery(request));
  }

  @Get(':productCode/variants/:code')
  variant(@Param('productCode') productCode: string, @Param('code') code: string) {
    return this.catalog.variant(productCode, code);
  }
}
