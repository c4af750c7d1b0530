import { MissingShippingConfigurationError } from './errors';
import {
  calculateShippingCharge,
  defaultShippingMethod,
  isEligibleForCategory,
  resolveShipmentMethodCode,
  supportedShippingMethods,
  type ShippingResolutionInput,
} from './shipping';
import { aChannel, aShippingMethod, aVariant, aZone } from './testing/builders';
import { captureError } from './testing/capture-error';
import type { EngineAddress, EngineShippingMethod, ShippingCategoryRequirement } from './types';
import { createZoneLookup } from './zones';

const channel = aChannel();
const oneUnit = { variants: [aVariant('A', 100)], unitCount: 1 };

describe('calculateShippingCharge', () => {
  it.each<[EngineShippingMethod['calculator'], number, number, number]>([
    ['flat_rate', 500, 3, 500],
    ['flat_rate', 499.9, 3, 499],
    ['per_unit_rate', 250, 3, 750],
    ['per_unit_rate', 33.5, 3, 100],
    ['per_unit_rate', 250, 0, 0],
  ])('%s with amount %p and %p units charges %p', (calculator, amount, unitCount, expected) => {
    const method = aShippingMethod({ calculator, configuration: { WEB: { amount } } });
    expect(calculateShippingCharge(method, channel, { variants: [], unitCount })).toBe(expected);
  });

  it('charges 0 when the channel configuration has no amount', () => {
    const method = aShippingMethod({ configuration: { WEB: {} as { amount: number } } });
    expect(calculateShippingCharge(method, channel, oneUnit)).toBe(0);
  });

  it('throws when the method has no configuration for the channel', () => {
    const method = aShippingMethod({ code: 'ups', name: 'UPS', configuration: { MOBILE: { amount: 5 } } });
    const error = captureError(() => calculateShippingCharge(method, channel, oneUnit));
    expect(error).toBeInstanceOf(MissingShippingConfigurationError);
    expect(error).toMatchObject({
      methodCode: 'ups',
      channelCode: 'WEB',
      message: 'Channel Web Channel has no amount defined for shipping method UPS',
    });
  });
});

describe('isEligibleForCategory', () => {
  const heavy = aVariant('H', 1, { shippingCategoryCode: 'heavy' });
  const light = aVariant('L', 1, { shippingCategoryCode: 'light' });
  const none = aVariant('N', 1, { shippingCategoryCode: null });

  it.each<[string | null, ShippingCategoryRequirement, typeof heavy[], boolean]>([
    [null, 0, [heavy], true],
    ['heavy', 0, [light, none], true],
    ['heavy', 0, [heavy, light], false],
    ['heavy', 1, [heavy, light], true],
    ['heavy', 1, [light, none], false],
    ['heavy', 2, [heavy], true],
    ['heavy', 2, [heavy, light], false],
    ['heavy', 2, [none], false],
  ])('category %p with requirement %p for %#', (categoryCode, categoryRequirement, variants, expected) => {
    const method = aShippingMethod({ categoryCode, categoryRequirement });
    expect(isEligibleForCategory(method, { variants, unitCount: variants.length })).toBe(expected);
  });

  it('rejects an unknown requirement', () => {
    const method = aShippingMethod({ categoryCode: 'heavy', categoryRequirement: 5 as ShippingCategoryRequirement });
    expect(isEligibleForCategory(method, { variants: [heavy], unitCount: 1 })).toBe(false);
  });
});

describe('shipping method resolution', () => {
  const zones = createZoneLookup([
    aZone('US', 'country', ['US']),
    aZone('DE', 'country', ['DE'], 'tax'),
    aZone('EU_SHIP', 'country', ['DE'], 'shipping'),
  ]);
  const us: EngineAddress = { countryCode: 'US', provinceCode: null };
  const de: EngineAddress = { countryCode: 'DE', provinceCode: null };

  const methods = [
    aShippingMethod({ code: 'us_late', zoneCode: 'US', position: 5 }),
    aShippingMethod({ code: 'us_early', zoneCode: 'US', position: 1 }),
    aShippingMethod({ code: 'de_tax_zone', zoneCode: 'DE', position: 0 }),
    aShippingMethod({ code: 'eu', zoneCode: 'EU_SHIP', position: 2 }),
    aShippingMethod({ code: 'disabled', zoneCode: 'US', position: 0, enabled: false }),
    aShippingMethod({ code: 'mobile_only', zoneCode: 'US', position: 0, channelCodes: ['MOBILE'] }),
    aShippingMethod({ code: 'heavy_only', zoneCode: 'US', position: 0, categoryCode: 'heavy' }),
  ];

  const input = (address: EngineAddress | null, overrides: Partial<ShippingResolutionInput> = {}): ShippingResolutionInput => ({
    methods,
    zones,
    channel,
    address,
    shipment: oneUnit,
    ...overrides,
  });

  const codes = (list: EngineShippingMethod[]) => list.map((method) => method.code);

  it('supports, with an address, the enabled methods of the channel in shipping zones, by position', () => {
    expect(codes(supportedShippingMethods(input(us)))).toEqual(['us_early', 'us_late']);
    expect(codes(supportedShippingMethods(input(de)))).toEqual(['eu']);
  });

  it('supports, without an address, every enabled eligible method whatever the channel', () => {
    expect(codes(supportedShippingMethods(input(null)))).toEqual([
      'us_late',
      'us_early',
      'de_tax_zone',
      'eu',
      'mobile_only',
    ]);
  });

  it('picks by default, without an address, the first eligible method of the channel in database order', () => {
    expect(defaultShippingMethod(input(null))?.code).toBe('us_late');
  });

  it('picks by default, with an address, the lowest position in any zone of any scope', () => {
    expect(defaultShippingMethod(input(us))?.code).toBe('us_early');
    expect(defaultShippingMethod(input(de))?.code).toBe('de_tax_zone');
  });

  it('skips methods whose category requirement fails', () => {
    const heavyShipment = { variants: [aVariant('H', 1, { shippingCategoryCode: 'heavy' })], unitCount: 1 };
    expect(defaultShippingMethod(input(us, { shipment: heavyShipment }))?.code).toBe('heavy_only');
  });

  it('returns no default when nothing qualifies', () => {
    expect(defaultShippingMethod(input({ countryCode: 'JP', provinceCode: null }))).toBeNull();
  });

  it.each<[string, EngineAddress | null, string | null, string | null]>([
    ['a new shipment gets the default method', us, null, 'us_early'],
    ['an existing supported method is kept even if not the default', us, 'us_late', 'us_late'],
    ['an unsupported method is replaced by the default', us, 'eu', 'us_early'],
    ['an unknown method is replaced by the default', us, 'gone', 'us_early'],
    ['without an address another channel’s method is still supported', null, 'mobile_only', 'mobile_only'],
    ['an unsupported method stays when there is no default', { countryCode: 'JP', provinceCode: null }, 'us_late', 'us_late'],
    ['no shipment when a new one has no default', { countryCode: 'JP', provinceCode: null }, null, null],
  ])('%s', (_, address, current, expected) => {
    expect(resolveShipmentMethodCode(input(address), current)).toBe(expected);
  });
});
