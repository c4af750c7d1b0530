import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { findZone } from './queries/zone-sql';
import { serializeZone } from './zone.serializer';

@Controller('api/v1/zones')
export class ZonesController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const row = await findZone(this.em.fork(), code);
    if (row === null) throw resourceNotFound('zone');
    return serializeZone(row);
  }
}
