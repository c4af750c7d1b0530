import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PageOfTaxonListItemSchema, TAXON_NOT_FOUND, TaxonSchema } from './catalog.openapi';
import { TaxonsService, TAXON_LIST } from './services/taxons.service';

const TEXT_FILTER = '`criteria[name]=text` (contains, case-insensitive) or `criteria[name][type]=…&criteria[name][value]=text`';

/** The catalogue's taxons (categories), read-only, addressed by code. */
@ApiTags('Taxons')
@Controller('api/v1/taxons')
export class TaxonsController {
  constructor(private readonly taxons: TaxonsService) {}

  @Get()
  @ApiOperation({ operationId: 'listTaxons', summary: 'List taxons', description: 'Every taxon, roots included, in the order they were created.' })
  @ApiPage({
    page: PageOfTaxonListItemSchema,
    spec: TAXON_LIST,
    criteria: { name: `the name, ${TEXT_FILTER}`, code: `the code, ${TEXT_FILTER}` },
    description: 'A page of taxons; a page past the last one answers the last page.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.taxons.list(rawQuery(request));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showTaxon', summary: 'Show a taxon' })
  @ApiPathParam('code', 'Taxon code (exact match).', string({ example: 'category' }))
  @ApiResponses(ok('The taxon with its place in the tree and its children.', TaxonSchema), notFound('No taxon has this code.', TAXON_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.taxons.show(code);
  }
}
