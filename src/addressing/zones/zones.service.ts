import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { Zone } from '../entities/zone.entity';
import { serializeZone, serializeZoneListItem } from './zone.serializer';

@Injectable()
export class ZonesService {
  constructor(private readonly em: EntityManager) {}

  /** Every zone in creation order (a plain list). */
  list(rawQuery: string) {
    return readPlainList(this.em, Zone, links.zones(), rawQuery, serializeZoneListItem);
  }

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
