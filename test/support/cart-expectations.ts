import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/**
 * Expected cart shapes, written out literally (not through the production serializers), with the
 * database ids looked up so whole bodies can be compared, key order included.
 */

/** Status, JSON content type, and the exact body text (so key order counts too). */
export function expectJson(response: LightMyRequestResponse, status: number, expected: unknown): void {
  expect({ status: response.statusCode, body: response.body === '' ? '' : (JSON.parse(response.body) as unknown) }).toEqual({ status, body: expected });
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.body).toBe(JSON.stringify(expected));
}

export function expectNoContent(response: LightMyRequestResponse): void {
  expect({ status: response.statusCode, body: response.body }).toEqual({ status: 204, body: '' });
}

export const notFound = (resource: 'cart' | 'cart item') => ({ code: 404, message: `The "${resource}" has not been found` });

export const validationFailed = (errors: unknown) => ({ code: 400, message: 'Validation Failed', errors });

export async function sql<T = Record<string, unknown>>(t: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  return t.em().getConnection().execute<T[]>(query, params);
}

export async function idOf(t: TestApp, query: string, params: unknown[]): Promise<number> {
  const [row] = await sql<{ id: number }>(t, query, params);
  if (row === undefined) throw new Error(`no row for ${query} ${JSON.stringify(params)}`);
  return row.id;
}

/** The ids of a line's units (kept as JSON on the line), ascending. */
export const unitIds = async (t: TestApp, itemId: number): Promise<number[]> =>
  (await sql<{ id: number }>(t, `select (u->>'id')::int as id from order_item i cross join jsonb_array_elements(i.units) u where i.id = ? order by 1`, [itemId])).map((row) => row.id);

/**
 * Adjustments live as JSON on the order, the line or the unit that owns them. This derived table gives
 * those of one kind of owner back as rows named `adjustment` (id, type, owner_id: the order or unit id,
 * order_id), so a test can select them by owner as it would from a table.
 */
export const storedAdjustments = (owner: 'order' | 'unit'): string =>
  owner === 'order'
    ? `(select (a->>'id')::int as id, a->>'type' as type, o.id as owner_id, o.id as order_id
          from orders o cross join jsonb_array_elements(o.adjustments) a) adjustment`
    : `(select (a->>'id')::int as id, a->>'type' as type, (u->>'id')::int as owner_id, i.order_id
          from order_item i cross join jsonb_array_elements(i.units) u cross join jsonb_array_elements(u->'adjustments') a) adjustment`;

export const itemIdOf = (t: TestApp, cartId: number, variantCode: string): Promise<number> =>
  idOf(t, 'select i.id from order_item i join product_variant v on v.id = i.variant_id where i.order_id = ? and v.code = ?', [cartId, variantCode]);

export interface CustomerExpectation {
  id: number;
  email: string;
  firstName?: string;
  lastName?: string;
  user?: Record<string, unknown>;
}

export function customer({ id, email, firstName, lastName, user }: CustomerExpectation) {
  return {
    id,
    email,
    ...(firstName !== undefined && { firstName }),
    ...(lastName !== undefined && { lastName }),
    ...(user !== undefined && { user }),
    _links: { self: { href: `/api/v1/customers/${id}` } },
  };
}

export const oliver = (id: number) => customer({ id, email: 'oliver.queen@star-city.com', firstName: 'Oliver', lastName: 'Queen' });

export const channelRef = (id: number, code = 'WEB') => ({ id, code, _links: { self: { href: `/api/v1/channels/${code}` } } });

export interface CartExpectation {
  id: number;
  items?: unknown[];
  itemsTotal?: number;
  adjustments?: unknown[];
  adjustmentsTotal?: number;
  total?: number;
  customer: unknown;
  channel: unknown;
  currencyCode?: string;
  localeCode?: string;
  promotionCoupon?: unknown;
  checkoutState?: string;
}

export function cart(c: CartExpectation) {
  return {
    id: c.id,
    items: c.items ?? [],
    itemsTotal: c.itemsTotal ?? 0,
    adjustments: c.adjustments ?? [],
    adjustmentsTotal: c.adjustmentsTotal ?? 0,
    total: c.total ?? 0,
    customer: c.customer,
    channel: c.channel,
    currencyCode: c.currencyCode ?? 'USD',
    localeCode: c.localeCode ?? 'en_US',
    ...(c.promotionCoupon !== undefined && { promotionCoupon: c.promotionCoupon }),
    checkoutState: c.checkoutState ?? 'cart',
  };
}

export interface VariantExpectation {
  code: string;
  productCode?: string;
  position: number;
  name: string;
  optionValue?: { code: string; value: string };
  tracked?: boolean;
  prices?: Record<string, number>;
  taxCategory?: { code: string; name: string };
  shippingCategory?: { code: string; name: string };
}

/** The variant as embedded in cart lines, with its ids read from the database. */
export async function variant(t: TestApp, v: VariantExpectation) {
  const productCode = v.productCode ?? 'MUG';
  const id = await idOf(t, 'select id from product_variant where code = ?', [v.code]);
  const translationId = await idOf(t, `select id from product_variant_translation where variant_id = ? and locale = 'en_US'`, [id]);
  const optionValues = [];
  if (v.optionValue) {
    const valueTranslationId = await idOf(
      t,
      `select t.id from product_option_value_translation t join product_option_value ov on ov.id = t.option_value_id where ov.code = ? and t.locale = 'en_US'`,
      [v.optionValue.code],
    );
    optionValues.push({ code: v.optionValue.code, translations: { en_US: { locale: 'en_US', id: valueTranslationId, value: v.optionValue.value } } });
  }
  let taxCategory;
  if (v.taxCategory) {
    const taxCategoryId = await idOf(t, 'select id from tax_category where code = ?', [v.taxCategory.code]);
    taxCategory = { id: taxCategoryId, code: v.taxCategory.code, name: v.taxCategory.name, _links: { self: { href: `/api/v1/tax-categories/${v.taxCategory.code}` } } };
  }
  let shippingCategory;
  if (v.shippingCategory) {
    const shippingCategoryId = await idOf(t, 'select id from shipping_category where code = ?', [v.shippingCategory.code]);
    shippingCategory = {
      id: shippingCategoryId,
      code: v.shippingCategory.code,
      name: v.shippingCategory.name,
      _links: { self: { href: `/api/v1/shipping-categories/${v.shippingCategory.code}` } },
    };
  }
  const channelPricings: Record<string, { channelCode: string; price: number }> = {};
  for (const [channelCode, price] of Object.entries(v.prices ?? { WEB: 20 })) channelPricings[channelCode] = { channelCode, price };
  return {
    id,
    code: v.code,
    optionValues,
    position: v.position,
    translations: { en_US: { locale: 'en_US', id: translationId, name: v.name } },
    version: 1,
    tracked: v.tracked ?? false,
    ...(taxCategory !== undefined && { taxCategory }),
    ...(shippingCategory !== undefined && { shippingCategory }),
    channelPricings,
    _links: { self: { href: `/api/v1/products/${productCode}/variants/${v.code}` } },
  };
}

export interface ItemExpectation {
  id: number;
  cartId: number;
  quantity: number;
  unitPrice: number;
  /** Unit ids with their adjustments (none by default). */
  units: Array<{ id: number; adjustments?: Array<{ id: number; type: string; label: string; amount: number }> }>;
  variant: { code: string; _links: unknown } & Record<string, unknown>;
  productCode?: string;
}

/** A cart line whose totals follow from the unit price and the unit adjustments. */
export function item(e: ItemExpectation) {
  const productCode = e.productCode ?? 'MUG';
  const units = e.units.map((unit) => {
    const adjustments = unit.adjustments ?? [];
    return { id: unit.id, adjustments, adjustmentsTotal: adjustments.reduce((sum, a) => sum + a.amount, 0) };
  });
  const unitsTotal = units.reduce((sum, unit) => sum + Math.max(0, e.unitPrice + unit.adjustmentsTotal), 0);
  return {
    id: e.id,
    quantity: e.quantity,
    unitPrice: e.unitPrice,
    total: unitsTotal,
    units,
    unitsTotal,
    adjustments: [],
    adjustmentsTotal: 0,
    variant: e.variant,
    _links: {
      order: { href: `/api/v1/orders/${e.cartId}` },
      product: { href: `/api/v1/products/${productCode}` },
      variant: { href: `/api/v1/products/${productCode}/variants/${e.variant.code}` },
    },
  };
}
