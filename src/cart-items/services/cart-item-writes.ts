import type { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, preparedStatement } from '../../database/prepared-statements';
import type { LockedCart } from '../../carts/cart-transaction';
import type { CartItemVariantRow } from '../../carts/queries/cart-rows';
import { VARIANT_COLUMNS, VARIANT_JOINS } from '../../carts/queries/cart-sql';
import { MAX_QUANTITY } from '../forms/cart-item.forms';

/**
 * The writes of the cart-item endpoints, each one statement that reads what the form checks need and
 * applies the change only when those checks pass. The service repeats the checks on the returned facts
 * to word the errors; the statements never write what the service would reject, so a rejected request
 * changes nothing (not even id sequences).
 */

/** Stock facts of a variant, and the product name (in the cart's locale) the stock message uses. */
export interface StockFacts {
  tracked: boolean;
  on_hand: number;
  on_hold: number;
  product_name: string;
}

/** The variant found by code, with its stock facts and its cart-line columns (for the response). */
export interface AddedItem extends StockFacts, CartItemVariantRow {
  id: number;
  priced: boolean;
  existing_item_id: number | null;
  existing_quantity: number | null;
  /** The line written (merged into or created), or null when nothing was written. */
  item_id: number | null;
}

export interface ChangedItem extends StockFacts {
  id: number;
  /** The quantity before the change. */
  quantity: number;
  changed: boolean;
}

/** Whether the variant's stock covers `quantity` pieces (untracked variants always do). */
export const hasStockFor = (facts: StockFacts, quantity: number): boolean => !facts.tracked || quantity <= facts.on_hand - facts.on_hold;
/** The same rule in SQL, over a relation with the StockFacts columns. */
const hasStockSql = (facts: string, quantity: string) => `(not ${facts}.tracked or ${quantity} <= ${facts}.on_hand - ${facts}.on_hold)`;

/** The name of product `p` in the locale given as this fragment's one parameter, else its first name, else its code. */
const PRODUCT_NAME = `coalesce(
  (select pt.name from product_translation pt where pt.product_id = p.id and pt.locale = ?),
  (select pt.name from product_translation pt where pt.product_id = p.id order by pt.id limit 1),
  p.code)`;

/**
 * Adds `quantity` pieces of a variant to the locked cart: merged into the first line holding the variant,
 * else a new line, plus one unit per piece. Written only when the form is otherwise valid, the variant is
 * priced in the channel, the resulting quantity is at most MAX_QUANTITY and in stock. Also answers the
 * variant's cart-line columns, which processing does not change, so the response needs no re-read.
 * Parameters: locale, channel code, variant code, cart id, quantity, form valid, max quantity.
 */
const ADD_ITEM = preparedStatement(
  'cart_add_item',
  ['text', 'text', 'text', 'int', 'int', 'boolean', 'int'],
  `with variant as (
     select v.id, v.tracked, v.on_hand, v.on_hold, ${PRODUCT_NAME} as product_name,
            exists (select 1 from channel_pricing cp where cp.variant_id = v.id and cp.channel_code = ?) as priced
       from product_variant v join product p on p.id = v.product_id
      where v.code = ?
   ),
   params as (select ?::int as cart_id, ?::int as quantity, ?::boolean as form_valid, ?::int as max_quantity),
   facts as (
     select variant.*, line.id as existing_item_id, line.quantity as existing_quantity,
            params.form_valid and variant.priced and coalesce(line.quantity, 0) + params.quantity <= params.max_quantity
              and ${hasStockSql('variant', 'coalesce(line.quantity, 0) + params.quantity')} as accepted
       from variant cross join params
       left join lateral (select i.id, i.quantity from order_item i
                           where i.order_id = params.cart_id and i.variant_id = variant.id order by i.id limit 1) line on true
   ),
   merged as (
     update order_item i set quantity = i.quantity + params.quantity
       from facts, params
      where facts.accepted and i.id = facts.existing_item_id
     returning i.id
   ),
   created as (
     insert into order_item (order_id, variant_id, quantity)
     select params.cart_id, facts.id, params.quantity from facts, params
      where facts.accepted and facts.existing_item_id is null
     returning id
   ),
   written as (select id from merged union all select id from created),
   units as (
     insert into order_item_unit (order_item_id, adjustments_total)
     select written.id, 0 from written, params, generate_series(1, params.quantity)
   )
   select facts.id, facts.tracked, facts.on_hand, facts.on_hold, facts.product_name, facts.priced,
          facts.existing_item_id, facts.existing_quantity, (select id from written) as item_id, line_variant.*
     from facts
     left join lateral (select ${VARIANT_COLUMNS} from product_variant v ${VARIANT_JOINS} where v.id = facts.id) line_variant on true`,
);

/**
 * Sets a line's quantity: units are added, or the oldest removed, until there is one per piece. Written
 * only when the form is valid and the stock covers the new quantity.
 * Parameters: locale, item id, cart id, new quantity, form valid.
 */
const CHANGE_QUANTITY = preparedStatement(
  'cart_change_item_quantity',
  ['text', 'int', 'int', 'int', 'boolean'],
  `with item as (
     select i.id, i.quantity, v.tracked, v.on_hand, v.on_hold, ${PRODUCT_NAME} as product_name
       from order_item i
       join product_variant v on v.id = i.variant_id
       join product p on p.id = v.product_id
      where i.id = ? and i.order_id = ?
   ),
   params as (select ?::int as quantity, ?::boolean as form_valid),
   accepted as (
     select item.id, item.quantity as old_quantity, params.quantity as new_quantity
       from item, params
      where params.form_valid and ${hasStockSql('item', 'params.quantity')}
   ),
   added_units as (
     insert into order_item_unit (order_item_id, adjustments_total)
     select accepted.id, 0 from accepted, generate_series(1, accepted.new_quantity - accepted.old_quantity)
   ),
   removed_units as (
     delete from order_item_unit
      where id in (select u.id from order_item_unit u
                    where u.order_item_id = (select id from accepted)
                    order by u.id
                    limit coalesce((select greatest(old_quantity - new_quantity, 0) from accepted), 0))
   ),
   updated as (
     update order_item i set quantity = accepted.new_quantity
       from accepted
      where i.id = accepted.id and accepted.new_quantity <> accepted.old_quantity
   )
   select item.id, item.quantity, item.tracked, item.on_hand, item.on_hold, item.product_name,
          exists (select 1 from accepted) as changed
     from item`,
);

const REMOVE_ITEM = preparedStatement('cart_remove_item', ['int', 'int'], 'delete from order_item where id = ? and order_id = ? returning id');

export interface AddItemRequest {
  variantCode: string | null;
  quantity: number;
  formValid: boolean;
}

export async function addItem(tx: EntityManager, cart: LockedCart, request: AddItemRequest): Promise<AddedItem | null> {
  const [row] = await executePrepared<AddedItem>(tx, ADD_ITEM, [
    cart.localeCode, cart.channelCode, request.variantCode, cart.id, request.quantity, request.formValid, MAX_QUANTITY,
  ]);
  return row ?? null;
}

export async function changeItemQuantity(tx: EntityManager, cart: LockedCart, itemId: number, quantity: number, formValid: boolean): Promise<ChangedItem | null> {
  const [row] = await executePrepared<ChangedItem>(tx, CHANGE_QUANTITY, [cart.localeCode, itemId, cart.id, quantity, formValid]);
  return row ?? null;
}

/** Deletes the line (its units and adjustments go with it); false when the cart has no such line. */
export async function removeItem(tx: EntityManager, cart: LockedCart, itemId: number): Promise<boolean> {
  return (await executePrepared(tx, REMOVE_ITEM, [itemId, cart.id])).length > 0;
}
