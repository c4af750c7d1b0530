import { serializeOrderLine } from './cart.serializer';
import type { Variant } from '../../catalog/queries/variant.read-model';
import { serializeVariant } from '../../catalog/serializers/variant.serializer';
import type { OrderItem } from '../queries/order.read-model';

/**
 * The descriptor's name: the variant's (else its product's) without leading blanks; null when there is
 * none or it is blank, so the descriptor is just `(<code>)`.
 */
const descriptorName = (name: string | null): string | null => (name === null || name.trim() === '' ? null : name.trimStart());

/** The line's variant in the catalog's variant form, so the one catalog serializer shapes it. */
function lineVariant(row: OrderItem): Variant {
  return {
    id: row.variantId,
    code: row.variantCode,
    productCode: row.productCode,
    descriptorName: descriptorName(row.variantDescriptorName),
    position: row.variantPosition,
    version: row.variantVersion,
    onHold: row.variantOnHold,
    onHand: row.variantOnHand,
    tracked: row.variantTracked,
    weight: row.variantWeight,
    width: row.variantWidth,
    height: row.variantHeight,
    depth: row.variantDepth,
    optionValues: row.optionValues,
    translations: row.variantTranslations,
    channelPricings: row.channelPricings,
    taxCategory: row.taxCategory,
    shippingCategory: row.shippingCategory,
  };
}

/** An order line with its variant in full, `descriptor` included: the customer-orders list shows it so. */
export const serializeListedOrderItem = (row: OrderItem) => serializeOrderLine(row, serializeVariant(lineVariant(row)));

/**
 * An order line as the order resource and the checkout summary show it: the variant in full but
 * without `descriptor`, which only the autocomplete context adds.
 */
export function serializeOrderItem(row: OrderItem) {
  const { descriptor: _descriptor, ...variant } = serializeVariant(lineVariant(row));
  return serializeOrderLine(row, variant);
}
