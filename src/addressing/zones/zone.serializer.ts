import { links, selfLink } from '../../common/links';
import type { Zone } from '../entities/zone.entity';

/** A zone with its members; a member is `{id, code}`, the code naming a country, province or zone. */
export function serializeZone(zone: Zone) {
  return {
    id: zone.id,
    code: zone.code,
    name: zone.name,
    type: zone.type,
    scope: zone.scope,
    members: zone.members.getItems().map((member) => ({ id: member.id, code: member.code })),
    _links: selfLink(links.zone(zone.code)),
  };
}

/** A zone as its list shows it. */
export function serializeZoneListItem(zone: Pick<Zone, 'id' | 'code' | 'name' | 'type'>) {
  return { id: zone.id, code: zone.code, name: zone.name, type: zone.type, _links: selfLink(links.zone(zone.code)) };
}
