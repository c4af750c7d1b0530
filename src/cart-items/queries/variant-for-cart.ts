import type { EntityManager } from '@mikro-orm/postgresql';
import { productNameSql } from '../../catalog/product-name';
import type { CartItemVariantRow } from '../../carts/queries/cart-rows';
import { VARIANT_COLUMNS, VARIANT_JOINS } from '../../carts/queries/cart-sql';

/** What adding a variant to a cart reads: read-only facts, never written back. */
export interface VariantForCart extends CartItemVariantRow {
  tracked: boolean;
  on_hand: number;
  on_hold: number;
  /** The product's name in the cart's locale (for the stock message). */
  product_name: string;
  /** Whether the variant has a price in the cart's channel. */
  priced: boolean;
  /** The cart's first line holding the variant (the one an add merges into), if any. */
  line_id: number | null;
  line_quantity: number | null;
}

/**
 * The variant named by `code` for adding it to a locked cart, in one statement: stock, product name,
 * whether it is priced in the channel, the line it would merge into, and its cart-line columns (the
 * add-item response needs them; processing does not change them). The variant row is share-locked until
 * the transaction ends, so a concurrent delete of it either commits first (then this finds nothing) or
 * waits for the new line. Adding an entity lock instead would cost one more statement per add
 * (budget: 9 for a new line with authentication).
 */
export async function findVariantForCart(
  em: EntityManager,
  args: { code: string; cartId: number; channelCode: string; localeCode: string },
): Promise<VariantForCart | null> {
  const [row] = await em.execute<VariantForCart[]>(
    `select v.tracked, v.on_hand, v.on_hold, ${productNameSql('p')} as product_name,
            exists (select 1 from channel_pricing cp where cp.variant_id = v.id and cp.channel_code = ?) as priced,
            (select i.id from order_item i where i.order_id = ? and i.variant_id = v.id order by i.id limit 1) as line_id,
            (select i.quantity from order_item i where i.order_id = ? and i.variant_id = v.id order by i.id limit 1) as line_quantity,
            ${VARIANT_COLUMNS}
       from product_variant v ${VARIANT_JOINS}
      where v.code = ?
        for share of v`,
    [args.localeCode, args.channelCode, args.cartId, args.cartId, args.code],
  );
  return row ?? null;
}
