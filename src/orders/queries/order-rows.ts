import type { AdjustmentRow, CartItemRow } from './cart-rows';
import type { ChannelJson } from '../../channels/queries/channel-sql';
import type { CustomerDetailJson } from '../../customers/queries/customer-detail-sql';
import type { PaymentJson } from '../../payments/queries/payment-sql';
import type { ShipmentJson } from '../../shipping/queries/shipment-sql';

/** Rows of ORDER_SELECT. Timestamps inside JSON arrive as ISO strings. */

export interface OrderItemRow extends CartItemRow {
  variant_on_hold: number;
  variant_on_hand: number;
  variant_weight: number | null;
  variant_width: number | null;
  variant_height: number | null;
  variant_depth: number | null;
  tax_category_description: string | null;
  tax_category_created_at: string | null;
  tax_category_updated_at: string | null;
  shipping_category_description: string | null;
  shipping_category_created_at: string | null;
  shipping_category_updated_at: string | null;
  variant_descriptor_name: string | null;
}

export interface AddressJson {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  country_code: string;
  province_code: string | null;
  province_name: string | null;
  street: string;
  city: string;
  postcode: string;
}

export interface CouponJson {
  id: number;
  code: string;
  used: number;
  usage_limit: number | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  per_customer_usage_limit: number | null;
  promotion_code: string;
}

export interface OrderRow {
  id: number;
  checkout_completed_at: string | Date | null;
  number: string | null;
  items_total: number;
  adjustments_total: number;
  total: number;
  state: string;
  currency_code: string;
  locale_code: string;
  checkout_state: string;
  items: OrderItemRow[];
  adjustments: AdjustmentRow[];
  customer: CustomerDetailJson;
  channel: ChannelJson;
  shipping_address: AddressJson | null;
  billing_address: AddressJson | null;
  payments: PaymentJson[];
  shipments: ShipmentJson[];
  promotion_coupon: CouponJson | null;
}
