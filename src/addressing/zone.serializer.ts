import { links, selfLink } from '../common/links';
import type { ZoneRow } from './queries/zone-sql';

/** A zone with its members; a member is `{id, code}`, the code naming a country, province or zone. */
export function serializeZone(row: ZoneRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    scope: row.scope,
    members: row.members.map((member) => ({ id: member.id, code: member.code })),
    _links: selfLink(links.zone(row.code)),
  };
}
