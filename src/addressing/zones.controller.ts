import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { ZONE_NOT_FOUND, ZoneSchema } from './zones.openapi';
import { ZonesService } from './zones.service';

@ApiTags('Zones')
@Controller('api/v1/zones')
export class ZonesController {
  constructor(private readonly zones: ZonesService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showZone', summary: 'Show a zone' })
  @ApiPathParam('code', 'Zone code (exact match).', string({ example: 'EU' }))
  @ApiResponses(ok('The zone with its members.', ZoneSchema), notFound('No zone has this code.', ZONE_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.zones.show(code);
  }
}
