import { MAX_CART_LINES, MAX_CART_UNITS } from '../../src/orders/domain/cart-limits';

/**
 * The fixture document loaded on top of fixtures/demo.yaml before bulk cloning: a product with 100 variants,
 * a template customer, the template orders and carts the generator copies, the big carts the add-item
 * latencies use, and a few extra carts that only the byte-equality tests read. Everything here is priced and completed by the product's own fixtures path.
 *
 * Template orders use untracked variants only (clones do not put stock on hold) and no coupon (a coupon's
 * per-customer limit would make a clone price differently from its template).
 */

/** One variant for each line of the largest cart; three digits, so codes and names sort by number. */
const BENCH_VARIANT_COUNT = 100;
const number3 = (index: number): string => String(index).padStart(3, '0');
const benchVariant = (index: number): string => `BENCH_GADGET_${number3(index)}`;

export const TEMPLATE_CUSTOMER_EMAIL = 'bench.template@example.com';
/** The line every add-item request of the benchmark merges into (the first line of the 10-line cart). */
export const ADD_ITEM_VARIANT = 'MUG_SW';

/** Fixture refs of the templates. */
export const TEMPLATE_ORDER_REFS = Array.from({ length: 12 }, (_, index) => `bench_order_${String(index + 1).padStart(2, '0')}`);
export const CART_10_REF = 'bench_cart_10';
export const CART_1_REF = 'bench_cart_1';
export const CART_50_REF = 'bench_cart_50';
/**
 * The largest cart the limits allow (src/orders/domain/cart-limits.ts): every line it may have, and one piece
 * fewer than it may hold, so that the benchmark's add-item request (one piece) fills it exactly and is accepted.
 */
export const LARGEST_CART_REF = 'bench_cart_largest';
export const LARGEST_CART = { lines: MAX_CART_LINES, pieces: MAX_CART_UNITS - 1 };
/** The line the big carts' add-item requests merge into (the first line of both). */
export const BIG_CART_ADD_ITEM_VARIANT = benchVariant(1);

const US_CA = '{firstName: Bench, lastName: Template, countryCode: US, provinceCode: US-CA, street: Market St 1, city: San Francisco, postcode: "94105"}';
const US_NY = '{firstName: Bench, lastName: Template, phoneNumber: "+1 555 0199", countryCode: US, provinceCode: US-NY, street: Broadway 5, city: New York, postcode: "10001"}';
const DE = '{firstName: Bench, lastName: Template, countryCode: DE, street: Hauptstr. 3, city: Hamburg, postcode: "20095"}';
const PL = '{firstName: Bench, lastName: Template, company: Bench sp. z o.o., countryCode: PL, street: Prosta 7, city: Warszawa, postcode: "00-838"}';
const GB = '{firstName: Bench, lastName: Template, countryCode: GB, street: High St 9, city: London, postcode: "EC1A 1BB"}';

interface TemplateOrder {
  channel: 'WEB' | 'EU_WEB';
  locale?: string;
  address: string;
  lines: Array<[string, number]>;
  shippingMethod?: string;
  paymentMethod?: string;
}

const v = benchVariant;
const TEMPLATE_ORDERS: TemplateOrder[] = [
  { channel: 'WEB', address: US_CA, lines: [['MUG_SW', 1]], shippingMethod: 'ups', paymentMethod: 'cash_on_delivery' },
  { channel: 'WEB', address: US_NY, lines: [[v(1), 2], ['STICKER_PACK_10', 3]], shippingMethod: 'dhl_express', paymentMethod: 'bank_transfer' },
  { channel: 'WEB', address: US_CA, lines: [['BOOK_TYPESCRIPT_HARDCOVER', 1], ['EBOOK_NEST_PDF', 1], ['MUG_LOTR', 2]], shippingMethod: 'ups' },
  { channel: 'WEB', address: US_NY, lines: [['POSTER_LARGE', 2], ['CAP_BLACK', 1], [v(5), 1], [v(6), 2]], shippingMethod: 'ups', paymentMethod: 'bank_transfer' },
  { channel: 'WEB', address: US_CA, lines: [['GIFT_CARD_50', 1]], paymentMethod: 'cash_on_delivery' },
  { channel: 'EU_WEB', locale: 'de_DE', address: DE, lines: [['MUG_SW', 1], [v(10), 1]], shippingMethod: 'dhl_express' },
  { channel: 'EU_WEB', locale: 'de_DE', address: PL, lines: [['BOOK_POSTGRES_PAPERBACK', 2], ['CAP_BLACK', 1], ['STICKER_PACK_10', 1]], paymentMethod: 'bank_transfer' },
  { channel: 'WEB', address: GB, lines: [[v(20), 5]], shippingMethod: 'dhl_express' },
  { channel: 'WEB', address: US_CA, lines: [[v(11), 1], [v(12), 2], [v(13), 3], [v(14), 1], [v(15), 2]], shippingMethod: 'ups' },
  { channel: 'WEB', address: US_NY, lines: [['MUG_SW', 3], ['MUG_LOTR', 1], ['BOOK_TYPESCRIPT_PAPERBACK', 1], [v(30), 2]] },
  { channel: 'EU_WEB', locale: 'en_US', address: DE, lines: [[v(31), 1], [v(32), 1], [v(33), 2], ['GIFT_CARD_50', 1], ['MUG_LOTR', 1]] },
  { channel: 'WEB', address: US_CA, lines: [[v(40), 4]] },
];

const CART_10_LINES: Array<[string, number]> = [
  [ADD_ITEM_VARIANT, 1],
  ['MUG_LOTR', 2],
  ['STICKER_PACK_10', 1],
  ['CAP_BLACK', 1],
  ['BOOK_POSTGRES_PAPERBACK', 1],
  [v(1), 1],
  [v(2), 2],
  [v(3), 1],
  [v(4), 3],
  [v(5), 1],
];

const lines = (items: Array<[string, number]>, indent: string): string =>
  items.map(([variant, quantity]) => `${indent}- {variant: ${variant}, quantity: ${quantity}}`).join('\n');

/** The pieces spread as evenly as they go over the lines, the remainder on the last ones. */
function largestCartLines(): Array<[string, number]> {
  const { lines: count, pieces } = LARGEST_CART;
  if (count > BENCH_VARIANT_COUNT) throw new Error(`The largest cart needs ${count} bench variants, there are ${BENCH_VARIANT_COUNT}`);
  const base = Math.floor(pieces / count);
  const extra = pieces % count;
  return Array.from({ length: count }, (_, index): [string, number] => [v(index + 1), base + (index >= count - extra ? 1 : 0)]);
}

function variantsYaml(): string {
  return Array.from({ length: BENCH_VARIANT_COUNT }, (_, index) => {
    const n = index + 1;
    const parts = [
      `code: ${v(n)}`,
      `name: Gadget ${number3(n)}`,
      `optionValues: [${n % 2 === 0 ? 'MUG_COLOR_BLACK' : 'MUG_COLOR_WHITE'}]`,
      `taxCategory: ${n % 4 === 0 ? 'reduced' : 'std'}`,
      ...(n % 3 === 0 ? ['shippingCategory: regular'] : []),
      `channelPricings: {WEB: ${300 + n * 45}, EU_WEB: ${280 + n * 41}}`,
    ];
    return `      - {${parts.join(', ')}}`;
  }).join('\n');
}

function templateOrdersYaml(completedAt: (index: number) => string): string {
  return TEMPLATE_ORDERS.map((order, index) =>
    [
      `  - ref: ${TEMPLATE_ORDER_REFS[index]}`,
      `    customer: ${TEMPLATE_CUSTOMER_EMAIL}`,
      `    channel: ${order.channel}`,
      ...(order.locale ? [`    localeCode: ${order.locale}`] : []),
      `    shippingAddress: ${order.address}`,
      `    billingAddress: ${order.address}`,
      '    items:',
      lines(order.lines, '      '),
      ...(order.shippingMethod ? [`    shippingMethod: ${order.shippingMethod}`] : []),
      ...(order.paymentMethod ? [`    paymentMethod: ${order.paymentMethod}`] : []),
      '    checkoutState: completed',
      `    checkoutCompletedAt: ${completedAt(index)}`,
    ].join('\n'),
  ).join('\n');
}

/** The document, loaded after fixtures/demo.yaml (it refers to the demo's channels, catalogue and customers). */
export function benchShopYaml(): string {
  const completedAt = (index: number) => `2026-01-${String(index + 1).padStart(2, '0')}T09:00:00+00:00`;
  return `
products:
  - code: BENCH_GADGET
    translations: {en_US: {name: Bench gadget}, de_DE: {name: Bench-Gerät}}
    options: [MUG_COLOR]
    taxons: [accessories]
    variants:
${variantsYaml()}

customers:
  - email: ${TEMPLATE_CUSTOMER_EMAIL}
    firstName: Bench
    lastName: Template
    gender: f
    birthday: 1990-02-03
    phoneNumber: "+1 555 0199"
    group: retail
    user: {password: bench-password, enabled: true}

orders:
${templateOrdersYaml(completedAt)}
  - ref: ${CART_10_REF}
    customer: ${TEMPLATE_CUSTOMER_EMAIL}
    channel: WEB
    items:
${lines(CART_10_LINES, '      ')}
  - ref: ${CART_1_REF}
    customer: ${TEMPLATE_CUSTOMER_EMAIL}
    channel: WEB
    items:
      - {variant: ${ADD_ITEM_VARIANT}, quantity: 2}
  - ref: ${CART_50_REF}
    customer: ${TEMPLATE_CUSTOMER_EMAIL}
    channel: WEB
    items:
${lines(Array.from({ length: 50 }, (_, index): [string, number] => [v(index + 1), (index % 3) + 1]), '      ')}
  - ref: bench_cart_coupon
    customer: Roy@doe.com
    channel: WEB
    promotionCoupon: SAVE10
    items:
      - {variant: T_SHIRT_STRIPES_M, quantity: 2}
      - {variant: HOODIE_M, quantity: 1}
      - {variant: MUG_SW, quantity: 1}
  - ref: bench_cart_eu
    customer: Thea@doe.com
    channel: EU_WEB
    localeCode: de_DE
    shippingAddress: ${DE}
    items:
      - {variant: T_SHIRT_LOGO_S, quantity: 1}
      - {variant: ${v(7)}, quantity: 2}
  - ref: ${LARGEST_CART_REF}
    customer: ${TEMPLATE_CUSTOMER_EMAIL}
    channel: WEB
    items:
${lines(largestCartLines(), '      ')}
`;
}
