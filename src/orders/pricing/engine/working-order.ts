import { sumCountedAdjustments } from './adjustments';
import { InvalidItemQuantityError } from './errors';
import type { EngineAdjustment, EngineItem, EngineOrder, EngineShop } from './types';
import type { ZoneLookup } from './zones';

/**
 * The mutable order the processors work on. Totals are never stored: they are computed from the
 * adjustments on demand, which keeps every level consistent whatever a processor does.
 */
export interface WorkingUnit {
  adjustments: EngineAdjustment[];
  /** Running sum of the non-neutral adjustments, kept in step by addUnitAdjustment. */
  adjustmentsTotal: number;
}

export interface WorkingItem {
  source: EngineItem;
  unitPrice: number;
  units: WorkingUnit[];
  adjustments: EngineAdjustment[];
}

export interface WorkingOrder {
  source: EngineOrder;
  items: WorkingItem[];
  adjustments: EngineAdjustment[];
  shipmentMethodCode: string | null;
  payment: { methodCode: string; amount: number } | null;
  appliedPromotionCodes: string[];
}

export interface ProcessingContext {
  shop: EngineShop;
  now: Date;
  zones: ZoneLookup;
}

/** Builds an order with no adjustments, no shipment and no payment: the state right after clearing. */
export function createWorkingOrder(order: EngineOrder): WorkingOrder {
  return {
    source: order,
    items: order.items.map(createWorkingItem),
    adjustments: [],
    shipmentMethodCode: null,
    payment: null,
    appliedPromotionCodes: [],
  };
}

function createWorkingItem(item: EngineItem): WorkingItem {
  if (!Number.isInteger(item.quantity) || item.quantity < 1) {
    throw new InvalidItemQuantityError(item.key, item.quantity);
  }
  const units: WorkingUnit[] = [];
  for (let i = 0; i < item.quantity; i++) {
    units.push({ adjustments: [], adjustmentsTotal: 0 });
  }
  return { source: item, unitPrice: 0, units, adjustments: [] };
}

export function addUnitAdjustment(unit: WorkingUnit, adjustment: EngineAdjustment): void {
  unit.adjustments.push(adjustment);
  if (!adjustment.neutral) {
    unit.adjustmentsTotal += adjustment.amount;
  }
}

export function unitTotal(item: WorkingItem, unit: WorkingUnit): number {
  return Math.max(0, item.unitPrice + unit.adjustmentsTotal);
}

export function itemUnitsTotal(item: WorkingItem): number {
  let sum = 0;
  for (const unit of item.units) {
    sum += unitTotal(item, unit);
  }
  return sum;
}

export function itemAdjustmentsTotal(item: WorkingItem): number {
  return sumCountedAdjustments(item.adjustments);
}

export function itemTotal(item: WorkingItem): number {
  return Math.max(0, itemUnitsTotal(item) + itemAdjustmentsTotal(item));
}

export function itemsTotal(order: WorkingOrder): number {
  let sum = 0;
  for (const item of order.items) {
    sum += itemTotal(item);
  }
  return sum;
}

export function orderAdjustmentsTotal(order: WorkingOrder): number {
  return sumCountedAdjustments(order.adjustments);
}

export function orderTotal(order: WorkingOrder): number {
  return Math.max(0, itemsTotal(order) + orderAdjustmentsTotal(order));
}

/** Number of units over all items (the promotion subject count). */
export function totalQuantity(order: WorkingOrder): number {
  let sum = 0;
  for (const item of order.items) {
    sum += item.units.length;
  }
  return sum;
}

/** Shipping, shipping promotions and shipping tax at order level, neutral ones excluded. */
export function orderShippingTotal(order: WorkingOrder): number {
  return sumCountedAdjustments(order.adjustments, ['shipping', 'order_shipping_promotion', 'tax']);
}
