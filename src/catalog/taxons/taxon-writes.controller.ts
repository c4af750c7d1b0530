import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { ApiIdempotentPost, ApiPathParam, ApiResponses, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { badRequest, conflict, created, invalidJson, noContent, notFound, payloadTooLarge, unsupportedMediaType } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { TAXON_NOT_FOUND, TaxonSchema } from '../catalog.openapi';
import { TaxonForm } from './forms/taxon.form';
import {
  ApiTaxonBody,
  ProductPositionsRequestSchema,
  productPositionsErrorExamples,
  TAXON_IN_USE,
  TaxonCreateRequestSchema,
  taxonEmptyValidationExample,
  TaxonPatchRequestSchema,
  taxonPatchExamples,
  TaxonReplaceRequestSchema,
  taxonReplaceExamples,
  taxonRequestExamples,
  taxonUpdateValidationExample,
  taxonValidationExample,
} from './taxon-writes.openapi';
import { TaxonWritesService } from './taxon-writes.service';

const ApiTaxonCode = () => ApiPathParam('code', 'Taxon code (exact match).', string({ example: 'mugs' }));
const taxonNotFound = () => notFound('No taxon has this code.', TAXON_NOT_FOUND);
/** `code` is a child of the update forms that is never read (a code never changes). */
const UPDATE_FORM = { disabled: ['code'] } as const;

/** Taxon writes; the reads are TaxonsController's. */
@ApiTags('Taxons')
@Controller('api/v1/taxons')
export class TaxonWritesController {
  constructor(private readonly writes: TaxonWritesService) {}

  @Post()
  @ApiOperation({
    operationId: 'createTaxon',
    summary: 'Create a taxon',
    description: 'Without `parent` a new root; with one, the last of its children. A locale left out of `translations` gets no translation.',
  })
  @ApiTaxonBody({ schema: TaxonCreateRequestSchema, examples: taxonRequestExamples, validationExample: taxonValidationExample })
  @ApiResponses(created('The new taxon, as GET shows it.', TaxonSchema), { status: 400, examples: { empty: { summary: 'An empty body', value: taxonEmptyValidationExample } } })
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(TaxonForm)) form: SubmittedForm<TaxonForm>) {
    return this.writes.create(form);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceTaxon',
    summary: 'Replace a taxon',
    description: 'Every translation the taxon has must be sent again; a left-out `parent` makes it a root; `code` is ignored. A new parent moves it last among its children.',
  })
  @ApiTaxonCode()
  @ApiTaxonBody({ schema: TaxonReplaceRequestSchema, examples: taxonReplaceExamples, validationExample: taxonUpdateValidationExample })
  @ApiResponses(noContent('The taxon is replaced.'), taxonNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(TaxonForm, UPDATE_FORM)) form: SubmittedForm<TaxonForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'updateTaxon',
    summary: 'Change some fields of a taxon',
    description: 'Only the fields given change (in `translations`, only the locales and texts given); `code` is ignored. A new parent moves it last among its children.',
  })
  @ApiTaxonCode()
  @ApiTaxonBody({ schema: TaxonPatchRequestSchema, examples: taxonPatchExamples, validationExample: taxonUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), taxonNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(TaxonForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<TaxonForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteTaxon',
    summary: 'Delete a taxon and its descendants',
    description: 'With every descendant and their translations. Kept (409) when a product (directly or as its main taxon) or a promotion rule or filter names one of them.',
  })
  @ApiTaxonCode()
  @ApiResponses(noContent('The taxon and its descendants are gone.'), taxonNotFound(), conflict('A product or a promotion names the taxon or one of its descendants.', TAXON_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }

  @Put(':code/products')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'setTaxonProductPositions',
    summary: 'Set the positions of products in a taxon',
    description: 'Each product listed must be directly in the taxon; nothing changes when one is not.',
  })
  @ApiTaxonCode()
  @ApiBody({ required: true, schema: ProductPositionsRequestSchema })
  @ApiResponses(
    noContent('The positions are set.'),
    { ...badRequest('No `productsPositions` list, a position that is no whole number, or a product that is not in the taxon.'), examples: productPositionsErrorExamples },
    invalidJson(),
    payloadTooLarge(),
    unsupportedMediaType(),
    taxonNotFound(),
  )
  @ApiWriteErrors()
  // No form pipe here: an unknown taxon is a 404 before the body's faults, and the body's faults are the
  // plain messages of taxon-product-positions.ts rather than a form's tree, so the body is read after the
  // taxon is found.
  async setProductPositions(@Param('code') code: string, @Body() body: unknown): Promise<void> {
    await this.writes.setProductPositions(code, body);
  }
}
