import {
  serializeChannelPricings,
  serializeOptionValues,
  serializeOrderLine,
  serializeVariantTranslations,
} from '../carts/cart.serializer';
import { formatStoredDateTime } from '../common/datetime';
import { links } from '../common/links';
import type { OrderItemRow } from './queries/order-rows';

interface CategoryColumns {
  id: number | null;
  code: string | null;
  name: string | null;
  description: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** A tax or shipping category with every exposed field. */
function serializeFullCategory(category: CategoryColumns, href: (code: string) => string) {
  const { id, code, name, description, createdAt, updatedAt } = category;
  if (id === null || code === null || name === null || createdAt === null || updatedAt === null) return null;
  return {
    id,
    code,
    name,
    ...(description !== null && { description }),
    createdAt: formatStoredDateTime(createdAt),
    updatedAt: formatStoredDateTime(updatedAt),
    _links: { self: { href: href(code) } },
  };
}

/** `<name> (<code>)`, where the name is the variant's (else its product's); just `(<code>)` without any. */
const descriptor = (row: OrderItemRow): string => `${row.variant_descriptor_name ?? ''} (${row.variant_code})`.trim();

/** The variant with every exposed field, as placed orders show it. */
export function serializeFullVariant(row: OrderItemRow) {
  const taxCategory = serializeFullCategory(
    {
      id: row.tax_category_id,
      code: row.tax_category_code,
      name: row.tax_category_name,
      description: row.tax_category_description,
      createdAt: row.tax_category_created_at,
      updatedAt: row.tax_category_updated_at,
    },
    links.taxCategory,
  );
  const shippingCategory = serializeFullCategory(
    {
      id: row.shipping_category_id,
      code: row.shipping_category_code,
      name: row.shipping_category_name,
      description: row.shipping_category_description,
      createdAt: row.shipping_category_created_at,
      updatedAt: row.shipping_category_updated_at,
    },
    links.shippingCategory,
  );
  return {
    descriptor: descriptor(row),
    id: row.variant_id,
    code: row.variant_code,
    optionValues: serializeOptionValues(row),
    position: row.variant_position,
    translations: serializeVariantTranslations(row),
    version: row.variant_version,
    onHold: row.variant_on_hold,
    onHand: row.variant_on_hand,
    tracked: row.variant_tracked,
    ...(row.variant_weight !== null && { weight: row.variant_weight }),
    ...(row.variant_width !== null && { width: row.variant_width }),
    ...(row.variant_height !== null && { height: row.variant_height }),
    ...(row.variant_depth !== null && { depth: row.variant_depth }),
    ...(taxCategory !== null && { taxCategory }),
    ...(shippingCategory !== null && { shippingCategory }),
    channelPricings: serializeChannelPricings(row),
    _links: {
      self: { href: links.variant(row.product_code, row.variant_code) },
      product: { href: links.product(row.product_code) },
    },
  };
}

/** An order line with its variant in full. */
export const serializeOrderItem = (row: OrderItemRow) => serializeOrderLine(row, serializeFullVariant(row));
