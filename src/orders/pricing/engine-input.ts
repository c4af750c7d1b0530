import { wrap } from '@mikro-orm/core';
import type { Adjustment } from '../domain/adjustment.entity';
import type { Order } from '../domain/order.entity';
import type { OrderItem } from '../domain/order-item.entity';
import type { OrderItemUnit } from '../domain/order-item-unit.entity';
import type { Payment } from '../../payments/entities/payment.entity';
import type { Shipment } from '../../shipping/entities/shipment.entity';
import type { EngineCoupon, EngineOrder } from './engine';
import type { OrderProcessingRows } from './order-processing-rows';

/** The managed entities of one order that processing reads and changes. */
export interface OrderGraph {
  order: Order;
  /** Lines in id order, then lines added in this transaction; the engine's item key is the index here. */
  items: OrderItem[];
  /** Units per line, oldest first: the engine's unit results map onto them by position. */
  units: Map<OrderItem, OrderItemUnit[]>;
  /** Every adjustment of the order, its lines and its units, in id order. */
  adjustments: Adjustment[];
  shipments: Shipment[];
  /** Payments in state `cart`, in id order (the last one is the current one). */
  cartPayments: Payment[];
  appliedPromotionIds: number[];
}

export interface LoadedCoupon extends EngineCoupon {
  id: number;
  promotionId: number;
}

/** The coupon row of the read, for the engine and the shop. */
export function loadedCoupon(rows: OrderProcessingRows): LoadedCoupon | null {
  const { coupon } = rows;
  return coupon === null
    ? null
    : {
        id: coupon.id,
        promotionId: coupon.promotion_id,
        code: coupon.code,
        usageLimit: coupon.usage_limit,
        perCustomerUsageLimit: coupon.per_customer_usage_limit,
        expiresAt: coupon.expires_at ? new Date(coupon.expires_at) : null,
        used: coupon.used,
      };
}

/**
 * A value of a related entity the caller has loaded or set in this transaction (a step may change the
 * order's address or a method after the facts were read), else the value read with the facts.
 */
function loadedOr<E extends object, T>(entity: E | null | undefined, value: (entity: E) => T, read: T): T {
  return entity !== null && entity !== undefined && wrap(entity, true).__initialized ? value(entity) : read;
}

/**
 * The engine's input for a loaded order graph and the pricing facts read with it. With `couponCode`
 * given (null: none), the order is priced as if it had that coupon instead of its own.
 */
export function engineInput(graph: OrderGraph, rows: OrderProcessingRows, coupon: LoadedCoupon | null, couponCode?: string | null): EngineOrder {
  const couponUsage: Record<string, number> = {};
  let placedOrdersCount = 0;
  for (const row of rows.customer_orders) {
    placedOrdersCount += Number(row.orders);
    if (row.coupon_code) couponUsage[row.coupon_code] = Number(row.orders);
  }
  const variants = new Map(rows.variants.map((variant) => [variant.variant_id, variant]));
  // A code that names no coupon stays as given (it then matches nothing).
  const code = couponCode === undefined ? rows.coupon_code : (coupon?.code ?? couponCode);

  return {
    channel: { code: rows.channel_code, name: rows.channel_name, taxCalculationStrategy: rows.strategy, defaultTaxZoneCode: rows.default_tax_zone_code },
    currencyCode: graph.order.currencyCode,
    items: graph.items.map((item, index) => {
      const variant = variants.get(item.variant.id);
      if (variant === undefined) throw new Error(`Variant ${item.variant.id} was not read with the order`);
      return {
        key: index,
        quantity: item.quantity,
        variant: {
          code: variant.variant_code,
          name: variant.variant_name ?? variant.variant_code,
          productCode: variant.product_code,
          productName: variant.product_name,
          channelPrices: variant.price === null ? {} : { [rows.channel_code]: variant.price },
          taxCategoryCode: variant.tax_category_code,
          shippingCategoryCode: variant.shipping_category_code,
          shippingRequired: variant.shipping_required,
          productTaxonCodes: variant.taxon_codes,
        },
      };
    }),
    couponCode: code,
    shippingAddress: loadedOr(
      graph.order.shippingAddress,
      (address) => ({ countryCode: address.countryCode, provinceCode: address.provinceCode }),
      rows.country_code ? { countryCode: rows.country_code, provinceCode: rows.province_code } : null,
    ),
    customer: rows.customer_id === null ? null : { id: rows.customer_id, groupCodes: rows.group_codes, placedOrdersCount, couponUsage },
    currentShipmentMethodCode: loadedOr(graph.shipments[0]?.method, (method) => method.code, rows.shipment_method_code),
    currentPaymentMethodCode: loadedOr(graph.cartPayments.at(-1)?.method, (method) => method.code, rows.payment_method_code),
  };
}
