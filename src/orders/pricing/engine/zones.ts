import type { EngineAddress, EngineZone, ZoneScope, ZoneType } from './types';

/** When an address lies in several zones, the most specific type wins. */
const TYPE_PRIORITY: readonly ZoneType[] = ['province', 'country', 'zone'];

export interface ZoneLookup {
  zones: readonly EngineZone[];
  byCode: ReadonlyMap<string, EngineZone>;
}

export function createZoneLookup(zones: readonly EngineZone[]): ZoneLookup {
  const byCode = new Map<string, EngineZone>();
  for (const zone of zones) {
    // Like a repository findOneBy: the first zone with a code wins.
    if (!byCode.has(zone.code)) {
      byCode.set(zone.code, zone);
    }
  }
  return { zones, byCode };
}

/**
 * Whether the address belongs to the zone. Members of a `zone`-type zone are other zones, looked up
 * by code whatever their scope; `visiting` stops a cycle of nested zones from recursing forever.
 */
export function addressBelongsToZone(
  address: EngineAddress,
  zone: EngineZone,
  lookup: ZoneLookup,
  visiting: ReadonlySet<string> = new Set(),
): boolean {
  switch (zone.type) {
    case 'province':
      return address.provinceCode !== null && zone.members.includes(address.provinceCode);
    case 'country':
      return zone.members.includes(address.countryCode);
    case 'zone': {
      if (visiting.has(zone.code)) {
        return false;
      }
      const path = new Set(visiting).add(zone.code);
      return zone.members.some((memberCode) => {
        const member = lookup.byCode.get(memberCode);
        return member !== undefined && addressBelongsToZone(address, member, lookup, path);
      });
    }
  }
}

/** Zones visible for a scope: those with that scope or scope `all`; every zone when no scope is given. */
function zonesInScope(lookup: ZoneLookup, scope: ZoneScope | null): EngineZone[] {
  if (scope === null) {
    return [...lookup.zones];
  }
  return lookup.zones.filter((zone) => zone.scope === scope || zone.scope === 'all');
}

/** Every zone (in the given order) that contains the address. */
export function matchAllZones(address: EngineAddress, lookup: ZoneLookup, scope: ZoneScope | null = null): EngineZone[] {
  return zonesInScope(lookup, scope).filter((zone) => addressBelongsToZone(address, zone, lookup));
}

/**
 * The single most specific zone that contains the address: province beats country beats zone, and
 * among zones of one type the last one in the given order wins.
 */
export function matchZone(address: EngineAddress, lookup: ZoneLookup, scope: ZoneScope | null = null): EngineZone | null {
  const lastMatchByType = new Map<ZoneType, EngineZone>();
  for (const zone of matchAllZones(address, lookup, scope)) {
    lastMatchByType.set(zone.type, zone);
  }
  for (const type of TYPE_PRIORITY) {
    const zone = lastMatchByType.get(type);
    if (zone !== undefined) {
      return zone;
    }
  }
  return null;
}
