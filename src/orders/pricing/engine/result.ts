import { ADJUSTMENT, sumAllAdjustmentsOfType, sumCountedAdjustments } from './adjustments';
import { findCoupon } from './promotions/coupons';
import type { EngineItemResult, EngineResult, EngineShop } from './types';
import {
  itemAdjustmentsTotal,
  itemTotal,
  itemUnitsTotal,
  itemsTotal,
  orderAdjustmentsTotal,
  orderShippingTotal,
  orderTotal,
  unitTotal,
  type WorkingItem,
  type WorkingOrder,
} from './working-order';

const PROMOTION_TYPES = [
  ADJUSTMENT.ORDER_PROMOTION,
  ADJUSTMENT.ORDER_ITEM_PROMOTION,
  ADJUSTMENT.ORDER_UNIT_PROMOTION,
] as const;

function itemResult(item: WorkingItem): EngineItemResult {
  return {
    key: item.source.key,
    unitPrice: item.unitPrice,
    quantity: item.units.length,
    units: item.units.map((unit) => ({
      adjustments: [...unit.adjustments],
      adjustmentsTotal: unit.adjustmentsTotal,
      total: unitTotal(item, unit),
    })),
    unitsTotal: itemUnitsTotal(item),
    adjustments: [...item.adjustments],
    adjustmentsTotal: itemAdjustmentsTotal(item),
    total: itemTotal(item),
  };
}

/** Tax at every level, neutral (included) taxes too. */
function taxTotal(order: WorkingOrder): number {
  let sum = sumAllAdjustmentsOfType(order.adjustments, ADJUSTMENT.TAX);
  for (const item of order.items) {
    sum += sumAllAdjustmentsOfType(item.adjustments, ADJUSTMENT.TAX);
    for (const unit of item.units) {
      sum += sumAllAdjustmentsOfType(unit.adjustments, ADJUSTMENT.TAX);
    }
  }
  return sum;
}

function orderPromotionTotal(order: WorkingOrder): number {
  let sum = sumCountedAdjustments(order.adjustments, PROMOTION_TYPES);
  for (const item of order.items) {
    sum += sumCountedAdjustments(item.adjustments, PROMOTION_TYPES);
    for (const unit of item.units) {
      sum += sumCountedAdjustments(unit.adjustments, PROMOTION_TYPES);
    }
  }
  return sum;
}

function isCouponApplied(order: WorkingOrder, shop: EngineShop): boolean {
  const found = findCoupon(shop.promotions, order.source.couponCode);
  return found !== null && order.appliedPromotionCodes.includes(found.promotion.code);
}

/** Freezes the processed working order into the plain result, totals included. */
export function buildResult(order: WorkingOrder, shop: EngineShop): EngineResult {
  const shipmentMethodCode = order.shipmentMethodCode;
  return {
    items: order.items.map(itemResult),
    adjustments: [...order.adjustments],
    itemsTotal: itemsTotal(order),
    adjustmentsTotal: orderAdjustmentsTotal(order),
    total: orderTotal(order),
    shipment: shipmentMethodCode === null ? null : { methodCode: shipmentMethodCode },
    payment:
      order.payment === null
        ? null
        : { methodCode: order.payment.methodCode, amount: order.payment.amount, currencyCode: order.source.currencyCode },
    appliedPromotionCodes: [...order.appliedPromotionCodes],
    couponApplied: isCouponApplied(order, shop),
    taxTotal: taxTotal(order),
    shippingTotal: orderShippingTotal(order),
    orderPromotionTotal: orderPromotionTotal(order),
  };
}
