import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NOT_VALID } from '../../../common/forms/messages';
import { checkUnique, type UniqueField } from '../../../common/forms/unique-value';
import type { SubmittedForm } from '../../../common/forms/validate-form';
import { ShippingCategory } from '../../../shipping/entities/shipping-category.entity';
import { TaxCategory } from '../../../taxation/entities/tax-category.entity';
import { ProductVariant } from '../../entities/product-variant.entity';
import { readChannelPricings, readOptionValues, readTranslations, type Pricing, type ProductOptionValues, type VariantFormMode } from './variant-form-maps';
import { VariantFormErrors } from './variant-form-errors';
import { CODE_TAKEN, ON_HAND_BELOW_ON_HOLD, OPTION_SET_TAKEN, PRICE_FOR_EVERY_CHANNEL } from './variant-messages';
import type { VariantForm } from './variant.form';

export const UNIQUE_VARIANT_CODE: UniqueField = { entity: ProductVariant, property: 'code', constraint: 'product_variant_code_unique', message: CODE_TAKEN };

/**
 * A valid variant form with its references resolved: what the write sets. `undefined` leaves a value as
 * it is (a PATCH without the field); on POST and PUT every field but `onHand` has its value.
 */
export interface CheckedVariant {
  mode: VariantFormMode;
  code: string | null;
  /** The version the client read, when it sent one. */
  version: number | null;
  tracked?: boolean;
  shippingRequired?: boolean;
  width?: number | null;
  height?: number | null;
  depth?: number | null;
  weight?: number | null;
  taxCategory?: TaxCategory | null;
  shippingCategory?: ShippingCategory | null;
  onHand?: number;
  translations?: Map<string, string | null>;
  channelPricings?: Map<string, Pricing | null>;
  /** Option code → value id (null: none), for the product's options. */
  optionValues?: Map<string, number | null>;
  /** The option value ids the variant has after the write. */
  optionValueIds: number[];
  errors: VariantFormErrors;
}

/** What the form is checked against: the product, and on PUT and PATCH its variant (locked). */
interface VariantFormTarget {
  productId: number;
  variant: ProductVariant | null;
  /**
   * The codes of the channels the product is in after the write, when a product write changes them along
   * with its variant; otherwise those stored.
   */
  productChannels?: readonly string[];
}

interface OptionRow {
  code: string;
  values: Array<[string, number]>;
}

/**
 * The keys of the form's maps, in one statement: locales and channels by id, the product's options by
 * position; and the codes of the channels the product is in (each needs a price of the variant).
 */
const FORM_KEYS = `
  select coalesce((select json_agg(code order by id) from locale), '[]'::json) as locales,
         coalesce((select json_agg(code order by id) from channel), '[]'::json) as channels,
         coalesce((select json_agg(c.code order by c.id) from product_channel pc join channel c on c.id = pc.channel_id where pc.product_id = ?), '[]'::json) as product_channels,
         coalesce((select json_agg(json_build_object('code', o.code, 'values',
                     coalesce((select json_agg(json_build_array(ov.code, ov.id) order by ov.id) from product_option_value ov where ov.option_id = o.id), '[]'::json))
                     order by o.position, o.id)
                     from product_product_option po join product_option o on o.id = po.product_option_id where po.product_id = ?), '[]'::json) as options`;

/** Whether another variant of the product has exactly these option values (the ids as a JSON array). */
const OPTION_SET_TAKEN_SQL = `
  select exists (
    select 1 from product_variant v
     where v.product_id = ? and v.id <> ?
       and array(select vov.product_option_value_id from product_variant_option_value vov where vov.product_variant_id = v.id order by 1)
         = array(select value::int from json_array_elements_text(?::json) order by 1)) as taken`;

interface FormKeys {
  locales: string[];
  channels: string[];
  productChannels: string[];
  options: ProductOptionValues[];
}

async function formKeys(tx: EntityManager, productId: number): Promise<FormKeys> {
  const [row] = await tx.execute<Array<{ locales: string[]; channels: string[]; product_channels: string[]; options: OptionRow[] }>>(FORM_KEYS, [productId, productId]);
  return {
    locales: row.locales,
    channels: row.channels,
    productChannels: row.product_channels,
    options: row.options.map((option) => ({ code: option.code, values: new Map(option.values) })),
  };
}

/**
 * Whether the variant, as the write leaves it, has a price in every channel of its product. The state
 * after the write is judged, so a PATCH that sends no prices is refused too while one is missing.
 */
function pricedInEveryChannel(productChannels: readonly string[], existing: ReadonlyMap<string, unknown>, changes: ReadonlyMap<string, Pricing | null> | undefined): boolean {
  const priced = new Set(existing.keys());
  for (const [channel, pricing] of changes ?? []) {
    if (pricing === null) priced.delete(channel);
    else priced.add(channel);
  }
  return productChannels.every((channel) => priced.has(channel));
}

/** A category named by code: the row, null when none is given, undefined (with the violation) when no row has the code. */
async function category<T extends TaxCategory | ShippingCategory>(
  tx: EntityManager,
  entity: EntityClass<T>,
  field: 'taxCategory' | 'shippingCategory',
  code: string | null | undefined,
  errors: VariantFormErrors,
): Promise<T | null | undefined> {
  if (code === undefined || errors.form.has(field)) return undefined;
  if (code === null) return null;
  const found = await tx.findOne(entity, { code } as FilterQuery<T>);
  if (found === null) errors.form.add(field, NOT_VALID);
  return found ?? undefined;
}

/** The option value ids the variant ends with: its own (on PATCH, or of options the product no longer has), changed as chosen. */
function finalOptionValueIds(variant: ProductVariant | null, chosen: Map<string, number | null> | undefined, options: readonly ProductOptionValues[]): number[] {
  const optionOf = new Map<number, string>();
  for (const option of options) for (const id of option.values.values()) optionOf.set(id, option.code);
  const ids = new Set<number>(variant === null ? [] : variant.optionValues.getItems().map((value) => value.id));
  for (const [option, id] of chosen ?? []) {
    for (const existing of [...ids]) if (optionOf.get(existing) === option) ids.delete(existing);
    if (id !== null) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Checks a variant form against the database: the maps' keys (locales, channels, the product's options),
 * the categories named, a new code's uniqueness, on hand against the units held, and the option set
 * among the product's other variants. Throws the 400 with every violation; answers the checked values.
 */
export async function checkVariantForm(tx: EntityManager, form: SubmittedForm<VariantForm>, mode: VariantFormMode, target: VariantFormTarget): Promise<CheckedVariant> {
  const checked = await readVariantForm(tx, form, mode, target);
  checked.errors.throwIfInvalid();
  return checked;
}

/**
 * What checkVariantForm checks, without throwing: the values are only to be applied once
 * `errors.isValid` (a form nested in another one is judged with the other's violations).
 */
export async function readVariantForm(tx: EntityManager, form: SubmittedForm<VariantForm>, mode: VariantFormMode, target: VariantFormTarget): Promise<CheckedVariant> {
  const { data } = form;
  const onHandSent = form.sent.has('onHand');
  if (onHandSent) form.errors.include('onHand');
  const keys = await formKeys(tx, target.productId);
  if (target.productChannels !== undefined) keys.productChannels = [...target.productChannels];
  const errors = new VariantFormErrors(form.errors, { locales: keys.locales, channels: keys.channels, options: keys.options.map((option) => option.code) });
  const existingPricings = new Map((target.variant?.channelPricings.getItems() ?? []).map((p) => [p.channelCode, { price: p.price, originalPrice: p.originalPrice }]));
  const translations = readTranslations(data.translations, errors.translations, mode);
  const channelPricings = readChannelPricings(data.channelPricings, errors.channelPricings, mode, existingPricings);
  const optionValues = readOptionValues(data.optionValues, errors.optionValues, mode, keys.options);
  const taxCategory = await category(tx, TaxCategory, 'taxCategory', data.taxCategory, errors);
  const shippingCategory = await category(tx, ShippingCategory, 'shippingCategory', data.shippingCategory, errors);
  if (mode === 'create') await checkUnique(tx, form.errors, UNIQUE_VARIANT_CODE, data.code);
  const onHand = onHandSent && !form.errors.has('onHand') && typeof data.onHand === 'number' ? data.onHand : undefined;
  if (onHand !== undefined && target.variant !== null && onHand < target.variant.onHold) form.errors.add('onHand', ON_HAND_BELOW_ON_HOLD);
  const optionValueIds = finalOptionValueIds(target.variant, optionValues, keys.options);
  // Only a write that sets option values can make a set another variant has (a PATCH without them changes none).
  if (optionValues !== undefined && optionValueIds.length > 0) {
    const [{ taken }] = await tx.execute<Array<{ taken: boolean }>>(OPTION_SET_TAKEN_SQL, [target.productId, target.variant?.id ?? 0, JSON.stringify(optionValueIds)]);
    if (taken) form.errors.addRoot(OPTION_SET_TAKEN);
  }
  // Judged only on prices that could be read: an invalid map already has its own violations.
  const pricingsRead = channelPricings !== undefined || (mode === 'merge' && data.channelPricings === undefined);
  if (pricingsRead && !pricedInEveryChannel(keys.productChannels, existingPricings, channelPricings)) form.errors.addRoot(PRICE_FOR_EVERY_CHANNEL);
  const replaced = <T>(value: T | undefined, cleared: T): T | undefined => (value !== undefined ? value : mode === 'merge' ? undefined : cleared);
  return {
    mode,
    code: typeof data.code === 'string' ? data.code : null,
    version: typeof data.version === 'number' ? data.version : null,
    tracked: replaced(data.tracked, false),
    shippingRequired: replaced(data.shippingRequired, false),
    width: replaced(data.width, null),
    height: replaced(data.height, null),
    depth: replaced(data.depth, null),
    weight: replaced(data.weight, null),
    taxCategory: replaced(taxCategory, null),
    shippingCategory: replaced(shippingCategory, null),
    onHand,
    translations,
    channelPricings,
    optionValues,
    optionValueIds,
    errors,
  };
}
