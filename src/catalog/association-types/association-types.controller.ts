import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { ApiTranslatedJsonBody } from '../translations/translations-openapi';
import { AssociationTypeForm } from './association-type.form';
import { serializeAssociationType } from './association-type.serializer';
import { AssociationTypeWritesService } from './association-type-writes.service';
import { AssociationTypesService } from './association-types.service';
import {
  ASSOCIATION_TYPE_IN_USE,
  ASSOCIATION_TYPE_NOT_FOUND,
  AssociationTypeCreateRequestSchema,
  AssociationTypePatchRequestSchema,
  AssociationTypeReplaceRequestSchema,
  associationTypeRequestExamples,
  AssociationTypeSchema,
  associationTypeUpdateExamples,
  associationTypeUpdateValidationExample,
  associationTypeValidationExample,
  AssociationTypeValidationErrorSchema,
  createdAssociationTypeExample,
  PageOfAssociationTypesSchema,
} from './association-types.openapi';

const ApiAssociationTypeCode = () => ApiPathParam('code', 'Association type code (exact match).', string({ example: 'similar' }));
const associationTypeNotFound = () => notFound('No product association type has this code.', ASSOCIATION_TYPE_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Product association types')
@Controller('api/v1/product-association-types')
export class AssociationTypesController {
  constructor(
    private readonly associationTypes: AssociationTypesService,
    private readonly writes: AssociationTypeWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listProductAssociationTypes', summary: 'List product association types', description: 'Every association type, in the order they were created.' })
  @ApiPlainPage({ page: PageOfAssociationTypesSchema, description: 'A page of product association types.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.associationTypes.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createProductAssociationType', summary: 'Create a product association type' })
  @ApiTranslatedJsonBody({
    schema: AssociationTypeCreateRequestSchema,
    examples: associationTypeRequestExamples,
    validation: AssociationTypeValidationErrorSchema,
    validationExample: associationTypeValidationExample,
  })
  @ApiResponses(created('The new association type.', AssociationTypeSchema, { created: { summary: 'Created with one translation', value: createdAssociationTypeExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(AssociationTypeForm)) form: SubmittedForm<AssociationTypeForm>) {
    return serializeAssociationType(await this.writes.create(form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showProductAssociationType', summary: 'Show a product association type' })
  @ApiAssociationTypeCode()
  @ApiResponses(ok('The association type.', AssociationTypeSchema), associationTypeNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.associationTypes.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceProductAssociationType',
    summary: 'Replace a product association type',
    description: 'Every stored translation must be sent again (one left out is blanked and fails); `code` is ignored.',
  })
  @ApiAssociationTypeCode()
  @ApiTranslatedJsonBody({
    schema: AssociationTypeReplaceRequestSchema,
    examples: associationTypeUpdateExamples,
    validation: AssociationTypeValidationErrorSchema,
    validationExample: associationTypeUpdateValidationExample,
  })
  @ApiResponses(noContent('The association type is replaced.'), associationTypeNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(AssociationTypeForm, UPDATE_FORM)) form: SubmittedForm<AssociationTypeForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'updateProductAssociationType',
    summary: 'Change some translations of a product association type',
    description: 'Only the translations given change, and of those only the fields given; `code` is ignored.',
  })
  @ApiAssociationTypeCode()
  @ApiTranslatedJsonBody({
    schema: AssociationTypePatchRequestSchema,
    examples: associationTypeUpdateExamples,
    validation: AssociationTypeValidationErrorSchema,
    validationExample: associationTypeUpdateValidationExample,
  })
  @ApiResponses(noContent('The translations given are changed.'), associationTypeNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(AssociationTypeForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<AssociationTypeForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteProductAssociationType', summary: 'Delete a product association type', description: 'Its translations go with it; one that an association of a product uses is kept (409).' })
  @ApiAssociationTypeCode()
  @ApiResponses(noContent('The association type is gone.'), associationTypeNotFound(), conflict('An association of a product uses the association type.', ASSOCIATION_TYPE_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
