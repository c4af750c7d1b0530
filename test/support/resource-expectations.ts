import { idOf, sql } from './cart-expectations';
import type { TestApp } from './test-app';

/**
 * Expected bodies of the catalog, taxation, shipping-category, zone and promotion resources, written
 * out literally; only database ids and timestamps are looked up.
 */

export const notFound = (resource: string) => ({ code: 404, message: `The "${resource}" has not been found` });
export const ACCESS_DENIED = { error: 'access_denied', error_description: 'OAuth2 authentication required' };
export const PAGE_NOT_FOUND = { code: 404, message: 'Page Not Found' };

/** `createdAt` / `updatedAt` of a row, formatted by PostgreSQL in the API's datetime form. */
export async function stamps(t: TestApp, table: string, where: string, params: unknown[]): Promise<{ createdAt: string; updatedAt: string }> {
  const format = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+0000"')`;
  const [row] = await sql<{ created_at: string; updated_at: string }>(
    t,
    `select ${format('created_at')} as created_at, ${format('updated_at')} as updated_at from ${table} where ${where}`,
    params,
  );
  if (row === undefined) throw new Error(`no ${table} row for ${where} ${JSON.stringify(params)}`);
  return { createdAt: row.created_at, updatedAt: row.updated_at };
}

export interface CategoryExpectation {
  code: string;
  name: string;
  description?: string;
}

async function category(t: TestApp, table: 'tax_category' | 'shipping_category', path: string, c: CategoryExpectation) {
  const id = await idOf(t, `select id from ${table} where code = ?`, [c.code]);
  const { createdAt, updatedAt } = await stamps(t, table, 'code = ?', [c.code]);
  return {
    id,
    code: c.code,
    name: c.name,
    ...(c.description !== undefined && { description: c.description }),
    createdAt,
    updatedAt,
    _links: { self: { href: `/api/v1/${path}/${encodeURIComponent(c.code)}` } },
  };
}

export const taxCategory = (t: TestApp, c: CategoryExpectation) => category(t, 'tax_category', 'tax-categories', c);
export const shippingCategory = (t: TestApp, c: CategoryExpectation) => category(t, 'shipping_category', 'shipping-categories', c);

/** Translation ids keyed by locale, in id order. */
async function translationIds(t: TestApp, query: string, params: unknown[]): Promise<Array<[string, number]>> {
  return (await sql<{ id: number; locale: string }>(t, `${query} order by id`, params)).map((row) => [row.locale, row.id]);
}

/** `{code, translations}` of an option value, its value text given per locale. */
export async function optionValue(t: TestApp, code: string, values: Record<string, string>) {
  const ids = await translationIds(
    t,
    'select t.id, t.locale from product_option_value_translation t join product_option_value ov on ov.id = t.option_value_id where ov.code = ?',
    [code],
  );
  expect(ids.map(([locale]) => locale)).toEqual(Object.keys(values));
  const translations: Record<string, unknown> = {};
  for (const [locale, id] of ids) translations[locale] = { locale, id, value: values[locale] };
  return { code, translations: ids.length === 0 ? [] : translations };
}

export interface VariantExpectation {
  productCode: string;
  code: string;
  descriptor: string;
  position: number;
  /** Variant names by locale, in the order the translations were created. */
  names: Record<string, string>;
  /** Option values with their texts by locale. */
  optionValues?: Array<[string, Record<string, string>]>;
  version?: number;
  onHold?: number;
  onHand?: number;
  tracked?: boolean;
  dimensions?: { weight?: number; width?: number; height?: number; depth?: number };
  taxCategory?: unknown;
  shippingCategory?: unknown;
  prices: Record<string, number>;
}

/** The full variant form. */
export async function fullVariant(t: TestApp, v: VariantExpectation) {
  const id = await idOf(t, 'select id from product_variant where code = ?', [v.code]);
  const ids = await translationIds(t, 'select id, locale from product_variant_translation where variant_id = ?', [id]);
  expect(ids.map(([locale]) => locale)).toEqual(Object.keys(v.names));
  const translations: Record<string, unknown> = {};
  for (const [locale, translationId] of ids) translations[locale] = { locale, id: translationId, name: v.names[locale] };
  const optionValues = [];
  for (const [code, values] of v.optionValues ?? []) optionValues.push(await optionValue(t, code, values));
  const channelPricings: Record<string, unknown> = {};
  for (const [channelCode, price] of Object.entries(v.prices)) channelPricings[channelCode] = { channelCode, price };
  const product = encodeURIComponent(v.productCode);
  return {
    descriptor: v.descriptor,
    id,
    code: v.code,
    optionValues,
    position: v.position,
    translations: ids.length === 0 ? [] : translations,
    version: v.version ?? 1,
    onHold: v.onHold ?? 0,
    onHand: v.onHand ?? 0,
    tracked: v.tracked ?? false,
    ...v.dimensions,
    ...(v.taxCategory !== undefined && { taxCategory: v.taxCategory }),
    ...(v.shippingCategory !== undefined && { shippingCategory: v.shippingCategory }),
    channelPricings: Object.keys(v.prices).length === 0 ? [] : channelPricings,
    _links: {
      self: { href: `/api/v1/products/${product}/variants/${encodeURIComponent(v.code)}` },
      product: { href: `/api/v1/products/${product}` },
    },
  };
}

const VARIANT_LIST_KEYS = ['id', 'code', 'optionValues', 'position', 'translations', 'version', 'tracked', 'taxCategory', 'shippingCategory', 'channelPricings'];

/** A variant as its product's variant list shows it: the full form without stock, dimensions and the product link. */
export function variantListItem(full: Record<string, unknown>) {
  return {
    ...Object.fromEntries(VARIANT_LIST_KEYS.filter((key) => key in full).map((key) => [key, full[key]])),
    _links: { self: (full._links as { self: unknown }).self },
  };
}
