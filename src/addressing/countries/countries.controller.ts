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
import { CountriesService } from './countries.service';
import {
  COUNTRY_IN_USE,
  COUNTRY_NOT_FOUND,
  CountryRequestSchema,
  countryRequestExamples,
  CountrySchema,
  countryValidationExample,
  createdCountryExample,
  PageOfCountriesSchema,
  PROVINCE_IN_USE,
  PROVINCE_NOT_FOUND,
  ProvinceSchema,
} from './countries.openapi';
import { CountryForm } from './country.form';

const ApiCountryCode = (name = 'code') => ApiPathParam(name, 'Country code (exact match).', string({ example: 'BE' }));
const ApiProvinceCode = () => ApiPathParam('code', 'Province code (exact match); the province must be one of the country\'s.', string({ example: 'BE-LI' }));
const countryNotFound = () => notFound('No country has this code.', COUNTRY_NOT_FOUND);
const provinceNotFound = () => notFound('The country has no province with this code.', PROVINCE_NOT_FOUND);

/** Countries are created (with their provinces) and deleted, never changed: PUT and PATCH answer 405. */
@ApiTags('Countries')
@Controller('api/v1/countries')
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  @Get()
  @ApiOperation({ operationId: 'listCountries', summary: 'List countries', description: 'Every country, in the order they were created.' })
  @ApiPlainPage({ page: PageOfCountriesSchema, description: 'A page of countries.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.countries.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createCountry', summary: 'Create a country with its provinces' })
  @ApiJsonBody({ form: CountryForm, schema: CountryRequestSchema, examples: countryRequestExamples, validationExample: countryValidationExample })
  @ApiResponses(created('The new country.', CountrySchema, { created: { summary: 'A new country', value: createdCountryExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(CountryForm)) form: SubmittedForm<CountryForm>) {
    return this.countries.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showCountry', summary: 'Show a country with its provinces' })
  @ApiCountryCode()
  @ApiResponses(ok('The country.', CountrySchema), countryNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.countries.show(code);
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteCountry',
    summary: 'Delete a country with its provinces',
    description: 'A country is kept (409) while an address or a zone names it or one of its provinces.',
  })
  @ApiCountryCode()
  @ApiResponses(noContent('The country and its provinces are gone.'), countryNotFound(), conflict('An address or a zone names the country or one of its provinces.', COUNTRY_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.countries.delete(code);
  }

  @Get(':countryCode/provinces/:code')
  @ApiOperation({ operationId: 'showProvince', summary: 'Show a province' })
  @ApiCountryCode('countryCode')
  @ApiProvinceCode()
  @ApiResponses(ok('The province.', ProvinceSchema), provinceNotFound())
  @ApiStandardErrors()
  showProvince(@Param('countryCode') countryCode: string, @Param('code') code: string) {
    return this.countries.showProvince(countryCode, code);
  }

  @Delete(':countryCode/provinces/:code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteProvince', summary: 'Delete a province', description: 'A province is kept (409) while an address or a zone names it.' })
  @ApiCountryCode('countryCode')
  @ApiProvinceCode()
  @ApiResponses(noContent('The province is gone.'), provinceNotFound(), conflict('An address or a zone names the province.', PROVINCE_IN_USE))
  @ApiWriteErrors()
  async removeProvince(@Param('countryCode') countryCode: string, @Param('code') code: string): Promise<void> {
    await this.countries.deleteProvince(countryCode, code);
  }
}
