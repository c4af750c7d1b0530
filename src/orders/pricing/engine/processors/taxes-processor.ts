import { applyTaxes, resolveTaxZoneCode } from '../taxes';
import type { ProcessingContext, WorkingOrder } from '../working-order';
import { findShippingMethod } from './shipping-charges-processor';

/** Taxes come last so they are computed on the discounted totals. No tax zone means no taxes at all. */
export function processTaxes(order: WorkingOrder, { shop, zones }: ProcessingContext): void {
  if (order.items.length === 0) {
    return;
  }
  const zoneCode = resolveTaxZoneCode(order.source, zones);
  if (zoneCode === null) {
    return;
  }
  const shippingMethod = findShippingMethod(shop, order.shipmentMethodCode);
  applyTaxes(
    { order, rates: shop.taxRates, zoneCode },
    order.source.channel.taxCalculationStrategy,
    shippingMethod?.taxCategoryCode ?? null,
  );
}
