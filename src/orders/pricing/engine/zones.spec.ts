import { aZone } from './testing/builders';
import type { EngineAddress } from './types';
import { addressBelongsToZone, createZoneLookup, matchAllZones, matchZone } from './zones';

const zones = createZoneLookup([
  aZone('US', 'country', ['US']),
  aZone('CANADA', 'country', ['CA']),
  aZone('US_CA', 'province', ['US-CA'], 'tax'),
  aZone('NORTH_AMERICA', 'zone', ['US', 'CANADA']),
  aZone('US_SHIP', 'country', ['US'], 'shipping'),
  aZone('WORLD', 'zone', ['NORTH_AMERICA', 'EU'], 'shipping'),
  aZone('EU', 'country', ['DE', 'FR']),
]);

const address = (countryCode: string, provinceCode: string | null = null): EngineAddress => ({ countryCode, provinceCode });

describe('matchZone (most specific zone)', () => {
  it.each<[string, EngineAddress, 'tax' | 'shipping' | null, string | null]>([
    ['province beats country and zone', address('US', 'US-CA'), 'tax', 'US_CA'],
    ['country beats zone', address('US', 'US-NY'), 'tax', 'US'],
    ['country beats a containing zone', address('CA'), null, 'CANADA'],
    ['within a type the last zone wins', address('US'), 'shipping', 'US_SHIP'],
    ['a province zone out of scope is ignored', address('US', 'US-CA'), 'shipping', 'US_SHIP'],
    ['every scope when none is given', address('US', 'US-CA'), null, 'US_CA'],
    ['no zone for an unknown country', address('JP'), 'tax', null],
  ])('%s', (_, addr, scope, expected) => {
    expect(matchZone(addr, zones, scope)?.code ?? null).toBe(expected);
  });

  it('falls back to a zone-type zone when no country or province zone matches', () => {
    const lookup = createZoneLookup([aZone('NA', 'zone', ['CANADA']), aZone('CANADA', 'country', ['CA'], 'shipping')]);
    expect(matchZone(address('CA'), lookup, 'tax')?.code).toBe('NA');
  });
});

describe('matchAllZones', () => {
  it('returns every containing zone in the given order', () => {
    expect(matchAllZones(address('US', 'US-CA'), zones).map((zone) => zone.code)).toEqual([
      'US',
      'US_CA',
      'NORTH_AMERICA',
      'US_SHIP',
      'WORLD',
    ]);
  });

  it('filters by scope, keeping scope "all"', () => {
    expect(matchAllZones(address('US', 'US-CA'), zones, 'shipping').map((zone) => zone.code)).toEqual([
      'US',
      'NORTH_AMERICA',
      'US_SHIP',
      'WORLD',
    ]);
  });

  it('follows nested zones two levels deep', () => {
    expect(matchAllZones(address('DE'), zones, 'shipping').map((zone) => zone.code)).toEqual(['WORLD', 'EU']);
  });
});

describe('addressBelongsToZone', () => {
  it('resolves nested members whatever their scope', () => {
    const lookup = createZoneLookup([aZone('TAX_NA', 'zone', ['US_SHIP'], 'tax'), aZone('US_SHIP', 'country', ['US'], 'shipping')]);
    expect(addressBelongsToZone(address('US'), lookup.zones[0], lookup)).toBe(true);
  });

  it('ignores unknown nested zone codes', () => {
    const lookup = createZoneLookup([aZone('Z', 'zone', ['NOPE'])]);
    expect(addressBelongsToZone(address('US'), lookup.zones[0], lookup)).toBe(false);
  });

  it('does not loop on cyclic zones', () => {
    const lookup = createZoneLookup([aZone('A', 'zone', ['B']), aZone('B', 'zone', ['A'])]);
    expect(addressBelongsToZone(address('US'), lookup.zones[0], lookup)).toBe(false);
  });

  it('does not match a province zone when the address has no province', () => {
    const lookup = createZoneLookup([aZone('P', 'province', ['US-CA'])]);
    expect(addressBelongsToZone(address('US'), lookup.zones[0], lookup)).toBe(false);
  });

  it('looks nested zones up by the first zone with that code', () => {
    const lookup = createZoneLookup([
      aZone('PARENT', 'zone', ['DUP']),
      aZone('DUP', 'country', ['US']),
      aZone('DUP', 'country', ['DE']),
    ]);
    expect(addressBelongsToZone(address('US'), lookup.zones[0], lookup)).toBe(true);
    expect(addressBelongsToZone(address('DE'), lookup.zones[0], lookup)).toBe(false);
  });
});
