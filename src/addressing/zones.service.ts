import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { Zone } from './entities/zone.entity';
import { serializeZone } from './zone.serializer';

@Injectable()
export class ZonesService {
  constructor(private readonly em: EntityManager) {}

  /** The zone with its members (by id), in one joined statement. */
  async show(code: string) {
    const zone = await this.em.fork().findOne(
      Zone,
      { code },
      { populate: ['members'], populateOrderBy: { members: { id: 'asc' } }, strategy: 'joined', disableIdentityMap: true },
    );
    if (zone === null) throw resourceNotFound('zone');
    return serializeZone(zone);
  }
}
