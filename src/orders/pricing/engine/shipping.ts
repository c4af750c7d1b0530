import { MissingShippingConfigurationError } from './errors';
import { truncate } from './money';
import type { EngineAddress, EngineChannel, EngineShippingMethod, EngineVariant } from './types';
import { matchAllZones, type ZoneLookup } from './zones';

const CATEGORY_REQUIREMENT = { MATCH_NONE: 0, MATCH_ANY: 1, MATCH_ALL: 2 } as const;

/** What the shipment looks like to shipping calculators and eligibility checks. */
export interface ShipmentSubject {
  /** Distinct variants of the units in the shipment. */
  variants: readonly EngineVariant[];
  unitCount: number;
}

/** The charge for a shipment, from the method's configuration for the channel. */
export function calculateShippingCharge(
  method: EngineShippingMethod,
  channel: EngineChannel,
  shipment: ShipmentSubject,
): number {
  const configuration = method.configuration[channel.code];
  if (configuration === undefined) {
    throw new MissingShippingConfigurationError(method.code, channel.code, method.name, channel.name);
  }
  const amount = configuration.amount ?? 0;
  switch (method.calculator) {
    case 'flat_rate':
      return truncate(amount);
    case 'per_unit_rate':
      return truncate(amount * shipment.unitCount);
  }
}

/** Whether the shipment's variants satisfy the method's shipping-category requirement. */
export function isEligibleForCategory(method: EngineShippingMethod, shipment: ShipmentSubject): boolean {
  if (method.categoryCode === null) {
    return true;
  }
  const matches = shipment.variants.filter((variant) => variant.shippingCategoryCode === method.categoryCode).length;
  switch (method.categoryRequirement) {
    case CATEGORY_REQUIREMENT.MATCH_NONE:
      return matches === 0;
    case CATEGORY_REQUIREMENT.MATCH_ANY:
      return matches > 0;
    case CATEGORY_REQUIREMENT.MATCH_ALL:
      return matches === shipment.variants.length;
    default:
      return false;
  }
}

export interface ShippingResolutionInput {
  methods: readonly EngineShippingMethod[];
  zones: ZoneLookup;
  channel: EngineChannel;
  address: EngineAddress | null;
  shipment: ShipmentSubject;
}

function sortByPosition(methods: EngineShippingMethod[]): EngineShippingMethod[] {
  // Array.prototype.sort is stable, so equal positions keep database order.
  return methods.sort((a, b) => a.position - b.position);
}

function isInChannel(method: EngineShippingMethod, channel: EngineChannel): boolean {
  return method.enabled && method.channelCodes.includes(channel.code);
}

/**
 * Methods a customer may pick for the shipment. With an address: enabled methods of the channel whose
 * zone contains the address (shipping or all scope), by position. Without an address the channel is not
 * even checked: every enabled method qualifies.
 */
export function supportedShippingMethods(input: ShippingResolutionInput): EngineShippingMethod[] {
  const { methods, zones, channel, address, shipment } = input;
  let candidates: EngineShippingMethod[];
  if (address !== null) {
    const zoneCodes = new Set(matchAllZones(address, zones, 'shipping').map((zone) => zone.code));
    candidates = sortByPosition(
      methods.filter((method) => isInChannel(method, channel) && zoneCodes.has(method.zoneCode)),
    );
  } else {
    candidates = methods.filter((method) => method.enabled);
  }
  return candidates.filter((method) => isEligibleForCategory(method, shipment));
}

/**
 * The method a new shipment gets. Without an address: the first eligible enabled method of the channel in
 * database order. With one: the first eligible method of the channel in any zone (any scope) containing
 * the address, by position. Null when nothing qualifies.
 */
export function defaultShippingMethod(input: ShippingResolutionInput): EngineShippingMethod | null {
  const { methods, zones, channel, address, shipment } = input;
  let candidates: EngineShippingMethod[];
  if (address === null) {
    candidates = methods.filter((method) => isInChannel(method, channel));
  } else {
    const zoneCodes = new Set(matchAllZones(address, zones).map((zone) => zone.code));
    candidates = sortByPosition(
      methods.filter((method) => isInChannel(method, channel) && zoneCodes.has(method.zoneCode)),
    );
  }
  return candidates.find((method) => isEligibleForCategory(method, shipment)) ?? null;
}

/**
 * The method of the order's shipment, or null for no shipment.
 * An existing shipment keeps its method while that method is still supported; otherwise it switches to
 * the default method, and keeps the old one when there is no default either.
 */
export function resolveShipmentMethodCode(
  input: ShippingResolutionInput,
  currentMethodCode: string | null,
): string | null {
  if (currentMethodCode === null) {
    return defaultShippingMethod(input)?.code ?? null;
  }
  if (supportedShippingMethods(input).some((method) => method.code === currentMethodCode)) {
    return currentMethodCode;
  }
  return defaultShippingMethod(input)?.code ?? currentMethodCode;
}
