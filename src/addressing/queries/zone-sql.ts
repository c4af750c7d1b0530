import type { EntityManager } from '@mikro-orm/postgresql';

export interface ZoneRow {
  id: number;
  code: string;
  name: string;
  type: string;
  scope: string;
  members: Array<{ id: number; code: string }>;
}

/** A zone with its members (country, province or zone codes, by the zone's type), in one statement. */
const ZONE_SELECT = `
  select z.id, z.code, z.name, z.type, z.scope,
         coalesce((select json_agg(json_build_object('id', m.id, 'code', m.code) order by m.id)
                     from zone_member m where m.zone_id = z.id), '[]'::json) as members
    from zone z`;

export async function findZone(em: EntityManager, code: string): Promise<ZoneRow | null> {
  const [row] = await em.execute<ZoneRow[]>(`${ZONE_SELECT} where z.code = ?`, [code]);
  return row ?? null;
}
