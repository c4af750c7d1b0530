import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { serializeZone } from './zone.serializer';
import { ZoneForm } from './zone.form';
import { ZoneWritesService } from './zone-writes.service';
import {
  createdZoneExample,
  PageOfZonesSchema,
  ZONE_IN_USE,
  ZONE_NOT_FOUND,
  ZoneCreateRequestSchema,
  ZonePatchRequestSchema,
  ZoneReplaceRequestSchema,
  zoneRequestExamples,
  ZoneSchema,
  zoneUpdateExamples,
  zoneUpdateValidationExample,
  zoneValidationExample,
} from './zones.openapi';
import { ZonesService } from './zones.service';

const ApiZoneCode = () => ApiPathParam('code', 'Zone code (exact match).', string({ example: 'EU' }));
const zoneNotFound = () => notFound('No zone has this code.', ZONE_NOT_FOUND);
/** `type` is never read: POST takes it from the path, and it never changes. */
const CREATE_FORM = { disabled: ['type'] } as const;
/** On PUT and PATCH `code` is ignored too: a code never changes. */
const UPDATE_FORM = { disabled: ['type', 'code'] } as const;

/** The documentation of the three creates, one per type of member (the last segment of the path). */
const ApiCreateZone = (operationId: string, members: string) =>
  applyDecorators(
    ApiOperation({ operationId, summary: `Create a zone of ${members}` }),
    ApiJsonBody({ form: ZoneForm, schema: ZoneCreateRequestSchema, examples: zoneRequestExamples, validationExample: zoneValidationExample }),
    ApiResponses(created('The new zone.', ZoneSchema, { created: { summary: 'A zone', value: createdZoneExample } })),
    ApiIdempotentPost(),
    ApiWriteErrors(),
  );

@ApiTags('Zones')
@Controller('api/v1/zones')
export class ZonesController {
  constructor(
    private readonly zones: ZonesService,
    private readonly writes: ZoneWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listZones', summary: 'List zones', description: 'Every zone, in the order they were created.' })
  @ApiPlainPage({ page: PageOfZonesSchema, description: 'A page of zones.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.zones.list(rawQuery(request));
  }

  @Post('country')
  @ApiCreateZone('createCountryZone', 'countries')
  async createCountryZone(@Body(new FormPipe(ZoneForm, CREATE_FORM)) form: SubmittedForm<ZoneForm>) {
    return serializeZone(await this.writes.create('country', form));
  }

  @Post('province')
  @ApiCreateZone('createProvinceZone', 'provinces')
  async createProvinceZone(@Body(new FormPipe(ZoneForm, CREATE_FORM)) form: SubmittedForm<ZoneForm>) {
    return serializeZone(await this.writes.create('province', form));
  }

  @Post('zone')
  @ApiCreateZone('createZoneOfZones', 'other zones')
  async createZoneOfZones(@Body(new FormPipe(ZoneForm, CREATE_FORM)) form: SubmittedForm<ZoneForm>) {
    return serializeZone(await this.writes.create('zone', form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showZone', summary: 'Show a zone' })
  @ApiZoneCode()
  @ApiResponses(ok('The zone with its members.', ZoneSchema), zoneNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.zones.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceZone', summary: 'Replace a zone', description: 'The members sent replace the zone\'s; `type` and `code` are ignored.' })
  @ApiZoneCode()
  @ApiJsonBody({ form: ZoneForm, schema: ZoneReplaceRequestSchema, examples: zoneUpdateExamples, validationExample: zoneUpdateValidationExample })
  @ApiResponses(noContent('The zone is replaced.'), zoneNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ZoneForm, UPDATE_FORM)) form: SubmittedForm<ZoneForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateZone', summary: 'Change some fields of a zone', description: 'Only the fields given change (members, when given, replace the zone\'s); `type` and `code` are ignored.' })
  @ApiZoneCode()
  @ApiJsonBody({ form: ZoneForm, schema: ZonePatchRequestSchema, examples: zoneUpdateExamples, validationExample: zoneUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), zoneNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ZoneForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ZoneForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteZone',
    summary: 'Delete a zone',
    description: 'A zone that a tax rate, a shipping method, a channel (as its default tax zone) or another zone (as a member) still uses is kept (409).',
  })
  @ApiZoneCode()
  @ApiResponses(noContent('The zone is gone.'), zoneNotFound(), conflict('A tax rate, a shipping method, a channel or another zone uses the zone.', ZONE_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
