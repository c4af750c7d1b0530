import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { LocaleForm } from './locale.form';
import {
  createdLocaleExample,
  LOCALE_IN_USE,
  LOCALE_NOT_FOUND,
  LocaleRequestSchema,
  localeRequestExamples,
  LocaleSchema,
  localeValidationExample,
  PageOfLocalesSchema,
} from './locales.openapi';
import { LocalesService } from './locales.service';

const ApiLocaleCode = () => ApiPathParam('code', 'Locale code (exact match).', string({ example: 'en_US' }));
const localeNotFound = () => notFound('No locale has this code.', LOCALE_NOT_FOUND);

/** Locales are created and deleted, never changed: PUT and PATCH on a locale answer 405. */
@ApiTags('Locales')
@Controller('api/v1/locales')
export class LocalesController {
  constructor(private readonly locales: LocalesService) {}

  @Get()
  @ApiOperation({ operationId: 'listLocales', summary: 'List locales', description: 'Every locale, in the order they were created.' })
  @ApiPlainPage({ page: PageOfLocalesSchema, description: 'A page of locales.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.locales.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createLocale', summary: 'Create a locale' })
  @ApiJsonBody({ form: LocaleForm, schema: LocaleRequestSchema, examples: localeRequestExamples, validationExample: localeValidationExample })
  @ApiResponses(created('The new locale.', LocaleSchema, { created: { summary: 'A new locale', value: createdLocaleExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(LocaleForm)) form: SubmittedForm<LocaleForm>) {
    return this.locales.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showLocale', summary: 'Show a locale' })
  @ApiLocaleCode()
  @ApiResponses(ok('The locale.', LocaleSchema), localeNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.locales.show(code);
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteLocale', summary: 'Delete a locale', description: 'A locale that a channel offers, that an order was placed in, or that a catalogue text (a translation or an attribute value) is written in, is kept (409).' })
  @ApiLocaleCode()
  @ApiResponses(noContent('The locale is gone.'), localeNotFound(), conflict('A channel offers the locale, or an order (a cart included) was placed in it.', LOCALE_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.locales.delete(code);
  }
}
