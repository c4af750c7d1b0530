import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../common/errors/api-error';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { findZone } from './queries/zone-sql';
import { serializeZone } from './zone.serializer';
import { ZONE_NOT_FOUND, ZoneSchema } from './zones.openapi';

@ApiTags('Zones')
@Controller('api/v1/zones')
export class ZonesController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showZone', summary: 'Show a zone' })
  @ApiPathParam('code', 'Zone code (exact match).', string({ example: 'EU' }))
  @ApiResponses(ok('The zone with its members.', ZoneSchema), notFound('No zone has this code.', ZONE_NOT_FOUND))
  @ApiStandardErrors()
  async show(@Param('code') code: string) {
    const row = await findZone(this.em.fork(), code);
    if (row === null) throw resourceNotFound('zone');
    return serializeZone(row);
  }
}
