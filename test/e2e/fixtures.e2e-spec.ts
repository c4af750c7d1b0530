import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { AccessToken } from '../../src/auth/entities/access-token.entity';
import { AdminUser } from '../../src/auth/entities/admin-user.entity';
import { OAuthClient } from '../../src/auth/entities/oauth-client.entity';
import { verifyPassword } from '../../src/auth/password-hasher';
import { hashToken } from '../../src/auth/token-hash';
import { ProductVariant } from '../../src/catalog/entities/product-variant.entity';
import { Customer } from '../../src/customers/entities/customer.entity';
import { buildOrmOptions } from '../../src/database/orm-options';
import { registerEventOutbox, type EventOutbox } from '../../src/events';
import { basicOrderHooks, engineOrderHooks, FixtureError, loadFixtures, parseFixtureYaml, type IdMap, type OrderHooks } from '../../src/fixtures';
import { entityTables } from '../../src/fixtures/purge';
import { Order } from '../../src/orders/domain/order.entity';
import { PromotionCoupon } from '../../src/promotions/entities/promotion-coupon.entity';
import { Promotion } from '../../src/promotions/entities/promotion.entity';
import { loadDemoShopIfEmpty } from '../../src/fixtures/demo-shop';
import { startTestApp } from '../support/test-app';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

const ROOT = join(__dirname, '..', '..');
const DEMO = 'fixtures/demo.yaml';
const NOW = new Date('2026-05-01T12:00:00Z');

const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels: [{code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}]
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_SW, name: Star wars mug, tracked: true, onHand: 5, channelPricings: {WEB: 20}}
promotions:
  - {code: coupon_promo, name: Coupon promotion, channels: [WEB], couponBased: true, coupons: [{code: SAVE10}]}
customers: [{email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}]
`;

const ORDERS_YAML = `
orders:
  - ref: order_001
    customer: Oliver.Queen@star-city.com
    channel: WEB
    promotionCoupon: SAVE10
    shippingAddress: {firstName: Oliver, lastName: Queen, countryCode: US, street: Main St 1, city: Star City, postcode: "12345"}
    items: [{ref: sw_mug_item, variant: MUG_SW, quantity: 2}]
    checkoutState: completed
    checkoutCompletedAt: 2026-01-15T10:20:30+00:00
  - ref: order_042
    customer: oliver.queen@star-city.com
    channel: WEB
    items: [{variant: MUG_SW, quantity: 1}]
    checkoutState: completed
    number: "000000042"
  - ref: cart
    customer: oliver.queen@star-city.com
    channel: WEB
    items: [{ref: cart_item, variant: MUG_SW, quantity: 2}]
`;

const DEMO_ID_MAP: IdMap = {
  channels: { WEB: 1, EU_WEB: 2 },
  customers: {
    'oliver.queen@star-city.com': 1,
    'felicity.smoak@star-city.com': 2,
    'Oliver@doe.com': 3,
    'Roy@doe.com': 4,
    'Thea@doe.com': 5,
    'Barry@doe.com': 6,
    'Joe@doe.com': 7,
  },
  orders: {
    order_001: 1, order_002: 2, order_003: 3, cart_with_items: 4, empty_cart: 5,
    cart_ready_for_checkout: 6, order_paid: 7, order_shipped: 8, order_fulfilled: 9, order_cancelled: 10,
  },
  orderItems: { sw_mug_item: 1, hard_available_mug_item: 2, hoodie_item: 3, cart_mug_item: 8, cart_sticker_item: 9 },
  products: {
    MUG: 1, T_SHIRT_LOGO: 2, T_SHIRT_STRIPES: 3, HOODIE: 4, CAP: 5, BOOK_TYPESCRIPT: 6, BOOK_POSTGRES: 7, EBOOK_NEST: 8,
    POSTER: 9, STICKER_PACK: 10, TOTE_BAG: 11, GIFT_CARD: 12, OLD_MUG: 13,
  },
  variants: {
    MUG_SW: 1, MUG_LOTR: 2, HARD_AVAILABLE_MUG: 3, T_SHIRT_LOGO_S: 4, T_SHIRT_LOGO_M: 5, T_SHIRT_LOGO_L: 6,
    T_SHIRT_STRIPES_M: 7, T_SHIRT_STRIPES_L: 8, HOODIE_M: 9, HOODIE_L: 10, CAP_BLACK: 11, CAP_WHITE: 12,
    BOOK_TYPESCRIPT_HARDCOVER: 13, BOOK_TYPESCRIPT_PAPERBACK: 14, BOOK_POSTGRES_PAPERBACK: 15, EBOOK_NEST_PDF: 16,
    POSTER_LARGE: 17, STICKER_PACK_10: 18, TOTE_BAG_NATURAL: 19, GIFT_CARD_50: 20, OLD_MUG_DEFAULT: 21,
  },
  adminUsers: { sylius: 1 },
  promotions: { ten_percent_coupon: 1, big_spender: 2, t_shirt_week: 3 },
  shippingMethods: { ups: 1, dhl_express: 2 },
  paymentMethods: { cash_on_delivery: 1, bank_transfer: 2 },
  taxRates: { us_sales_tax: 1, us_books_tax: 2, eu_vat: 3, eu_reduced_vat: 4 },
  zones: { US: 1, EU: 2, WORLD: 3, UK: 4 },
};

const EMPTY_ID_MAP: IdMap = {
  channels: {}, customers: {}, orders: {}, orderItems: {}, products: {}, variants: {}, adminUsers: {}, promotions: {},
  shippingMethods: {}, paymentMethods: {}, taxRates: {}, zones: {},
};

function source(file: string, yaml: string): { file: string; data: unknown } {
  return { file, data: parseFixtureYaml(file, yaml) };
}

function demo(): { file: string; data: unknown } {
  return source(DEMO, readFileSync(join(ROOT, DEMO), 'utf8'));
}

interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous on purpose: the embedded test database answers from this process's event loop. */
function runCli(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'dist', 'cli', 'fixtures.js'), ...args], { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

describe('fixtures loader', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let outbox: EventOutbox;

  beforeAll(async () => {
    database = await startTestDatabase();
    orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 2 }));
    outbox = await registerEventOutbox(orm);
  });
  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  const load = (documents: Array<{ file: string; data: unknown }>, purge: boolean, hooks: OrderHooks = basicOrderHooks): Promise<IdMap> =>
    orm.em.fork().transactional((em) => loadFixtures(em, documents, { purge, now: NOW, outbox }, hooks));

  const rowCounts = async (): Promise<Record<string, number>> => {
    const em = orm.em.fork();
    const sql = entityTables(em).map((table) => `select '${table}' as name, count(*)::int as rows from "${table}"`).join(' union all ');
    const rows = await em.execute<Array<{ name: string; rows: number }>>(sql);
    return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
  };

  const failure = async (promise: Promise<unknown>): Promise<FixtureError> => {
    const error = await promise.then(() => null, (reason: unknown) => reason);
    if (!(error instanceof FixtureError)) throw new Error(`Expected a FixtureError, got ${String(error)}`);
    return error;
  };

  const fetchOrder = (em: EntityManager, id: number): Promise<Order> =>
    em.findOneOrFail(Order, id, { populate: ['items', 'payments.method', 'shipments.method', 'shippingAddress', 'customer'] });

  it('loads the demo shop and maps every created code to its id', async () => {
    expect(await load([demo()], true)).toEqual(DEMO_ID_MAP);

    const em = orm.em.fork();
    const admin = await em.findOneOrFail(AdminUser, { usernameCanonical: 'sylius' });
    expect({ ...admin, passwordHash: undefined, createdAt: undefined, updatedAt: undefined }).toEqual({
      id: 1, username: 'sylius', usernameCanonical: 'sylius', email: 'api@sylius.com', emailCanonical: 'api@sylius.com',
      passwordHash: undefined, roles: ['ROLE_API_ACCESS'], enabled: true, localeCode: 'en_US', firstName: null, lastName: null, createdAt: undefined, updatedAt: undefined,
    });
    expect(await verifyPassword(admin.passwordHash, 'sylius')).toBe(true);
    const client = await em.findOneOrFail(OAuthClient, { randomId: 'client_id' });
    expect([client.secretHash, client.allowedGrantTypes]).toEqual([hashToken('secret'), ['password', 'refresh_token']]);
    const token = await em.findOneOrFail(AccessToken, { tokenHash: hashToken('SampleToken') }, { populate: ['user', 'client'] });
    expect([token.user.username, token.client.randomId, token.expiresAt]).toEqual(['sylius', 'client_id', null]);

    const thea = await em.findOneOrFail(Customer, { emailCanonical: 'thea@doe.com' }, { populate: ['user', 'addresses'] });
    expect([thea.email, thea.user?.username, thea.user?.usernameCanonical, thea.user?.roles, thea.user?.enabled, thea.addresses.length])
      .toEqual(['Thea@doe.com', 'Thea@doe.com', 'thea@doe.com', ['ROLE_USER'], true, 1]);
    const barry = await em.findOneOrFail(Customer, { emailCanonical: 'barry@doe.com' }, { populate: ['user'] });
    expect(barry.user).toBeNull();
  });

  it('completes demo orders with numbers from the sequence and processes carts', async () => {
    await load([demo()], true);
    const em = orm.em.fork();
    const order = await fetchOrder(em, DEMO_ID_MAP.orders.order_001);
    expect({
      number: order.number, state: order.state, checkoutState: order.checkoutState, paymentState: order.paymentState,
      shippingState: order.shippingState, checkoutCompletedAt: order.checkoutCompletedAt, itemsTotal: order.itemsTotal, total: order.total,
      payments: order.payments.getItems().map((payment) => [payment.method?.code, payment.amount, payment.state]),
      shipments: order.shipments.getItems().map((shipment) => [shipment.method.code, shipment.state]),
      items: order.items.getItems().map((item) => [item.quantity, item.unitPrice, item.total, item.units.length, item.productName, item.variantName]),
    }).toEqual({
      number: '000000001', state: 'new', checkoutState: 'completed', paymentState: 'awaiting_payment', shippingState: 'ready',
      checkoutCompletedAt: new Date('2026-01-15T10:20:30Z'), itemsTotal: 3618, total: 3618,
      payments: [['cash_on_delivery', 3618, 'new']],
      shipments: [['ups', 'ready']],
      items: [[2, 1059, 2118, 2, 'Mug', 'Star wars mug'], [1, 1500, 1500, 1, 'Mug', 'Breaking bad mug']],
    });
    const numbers = await em.find(Order, {}, { orderBy: { id: 'asc' }, fields: ['number', 'checkoutState', 'state', 'paymentState', 'shippingState', 'total'] });
    expect(numbers.map((row) => [row.number, row.checkoutState, row.state, row.paymentState, row.shippingState, row.total])).toEqual([
      ['000000001', 'completed', 'new', 'awaiting_payment', 'ready', 3618],
      ['000000002', 'completed', 'new', 'awaiting_payment', 'ready', 4999 + 2499 + 1499],
      ['000000003', 'completed', 'new', 'awaiting_payment', 'ready', 2 * 1899 + 1199],
      [null, 'cart', 'cart', 'cart', 'cart', 3 * 1059 + 499],
      [null, 'cart', 'cart', 'cart', 'cart', 0],
      [null, 'cart', 'cart', 'cart', 'cart', 1599 + 2 * 499],
      ['000000004', 'completed', 'new', 'paid', 'ready', 2 * 1299 + 1259],
      ['000000005', 'completed', 'new', 'awaiting_payment', 'shipped', 2999],
      ['000000006', 'completed', 'fulfilled', 'paid', 'shipped', 1299 + 1599],
      ['000000007', 'completed', 'cancelled', 'cancelled', 'cancelled', 3 * 1299],
    ]);
    const states = async (table: 'payment' | 'shipment') =>
      (await em.execute<Array<{ order_id: number; state: string }>>(`select order_id, state from ${table} where order_id > 5 order by order_id, id`)).map((row) => [row.order_id, row.state]);
    // (These hooks give carts no payment or shipment.)
    expect([await states('payment'), await states('shipment')]).toEqual([
      [[7, 'completed'], [8, 'new'], [9, 'completed'], [10, 'cancelled']],
      [[7, 'ready'], [8, 'shipped'], [9, 'shipped'], [10, 'cancelled']],
    ]);
    const stock = await em.find(ProductVariant, { code: { $in: ['HARD_AVAILABLE_MUG', 'HOODIE_M', 'MUG_SW', 'TOTE_BAG_NATURAL'] } }, { orderBy: { id: 'asc' } });
    // The tote bags: 1 held by order_003, 2 sold to order_paid, 1 to order_fulfilled, 3 held then released by order_cancelled.
    expect(stock.map((variant) => [variant.code, variant.onHand, variant.onHold, variant.version])).toEqual([
      ['MUG_SW', 0, 0, 1],
      ['HARD_AVAILABLE_MUG', 5, 1, 2],
      ['HOODIE_M', 8, 1, 2],
      ['TOTE_BAG_NATURAL', 37, 1, 8],
    ]);
    expect((await em.findOneOrFail(PromotionCoupon, { code: 'SAVE10' })).used).toBe(1);
    expect(await em.execute('select id, idx from order_sequence')).toEqual([{ id: 1, idx: 7 }]);
  });

  it('gives the first completed order 000000001 and the placed-order states; a given number moves the sequence past it', async () => {
    const withPromotions: OrderHooks = {
      async processOrder(em, order) {
        await basicOrderHooks.processOrder(em, order);
        if (order.promotionCoupon !== null) order.promotions.add(order.promotionCoupon.promotion);
      },
      completeCheckout: basicOrderHooks.completeCheckout.bind(basicOrderHooks),
    };
    const ids = await load([source('shop.yaml', SHOP_YAML), source('orders.yaml', ORDERS_YAML)], true, withPromotions);
    expect({ orders: ids.orders, orderItems: ids.orderItems }).toEqual({
      orders: { order_001: 1, order_042: 2, cart: 3 },
      orderItems: { sw_mug_item: 1, cart_item: 3 },
    });
    const em = orm.em.fork();
    const first = await fetchOrder(em, 1);
    expect({
      number: first.number, state: first.state, checkoutState: first.checkoutState, paymentState: first.paymentState,
      shippingState: first.shippingState, checkoutCompletedAt: first.checkoutCompletedAt, currencyCode: first.currencyCode,
      localeCode: first.localeCode, total: first.total, tokenLength: first.tokenValue?.length,
      customer: first.customer.email, shippingAddressOwner: first.shippingAddress?.customer ?? null,
      payments: first.payments.getItems().map((payment) => [payment.method?.code, payment.amount, payment.currencyCode, payment.state]),
      shipments: first.shipments.getItems().map((shipment) => [shipment.method.code, shipment.state]),
      // Units record no shipment: every unit of an order is in its first (here its only) shipment.
      units: first.items.getItems().map((item) => item.units.length),
    }).toEqual({
      number: '000000001', state: 'new', checkoutState: 'completed', paymentState: 'awaiting_payment', shippingState: 'ready',
      checkoutCompletedAt: new Date('2026-01-15T10:20:30Z'), currencyCode: 'USD', localeCode: 'en_US', total: 40, tokenLength: 10,
      customer: 'oliver.queen@star-city.com', shippingAddressOwner: null,
      payments: [['cash_on_delivery', 40, 'USD', 'new']],
      shipments: [['ups', 'ready']],
      units: [2],
    });
    const second = await fetchOrder(em, 2);
    expect([second.number, second.checkoutCompletedAt]).toEqual(['000000042', NOW]);
    const cart = await fetchOrder(em, 3);
    expect([cart.number, cart.state, cart.checkoutState, cart.paymentState, cart.shippingState, cart.total, cart.items[0].units.length])
      .toEqual([null, 'cart', 'cart', 'cart', 'cart', 40, 2]);
    const mug = await em.findOneOrFail(ProductVariant, { code: 'MUG_SW' });
    expect([mug.onHand, mug.onHold, mug.version]).toEqual([5, 3, 3]);
    const promotion = await em.findOneOrFail(Promotion, { code: 'coupon_promo' }, { populate: ['coupons'] });
    expect([promotion.used, promotion.coupons[0].used]).toEqual([1, 1]);
    expect(await em.execute('select idx from order_sequence')).toEqual([{ idx: 42 }]);
  });

  it('brings placed orders to the state the file gives, with the side effects of paying, shipping and cancelling', async () => {
    const withPromotions: OrderHooks = {
      async processOrder(em, order) {
        await basicOrderHooks.processOrder(em, order);
        if (order.promotionCoupon !== null) order.promotions.add(order.promotionCoupon.promotion);
      },
      completeCheckout: basicOrderHooks.completeCheckout.bind(basicOrderHooks),
    };
    const placed = (ref: string, state: string, extra = '') =>
      `  - {ref: ${ref}, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_SW, quantity: 1}], checkoutState: completed, state: ${state}${extra}}`;
    const yaml = ['orders:', placed('new', 'new'), placed('paid', 'paid'), placed('shipped', 'shipped'), placed('fulfilled', 'fulfilled'), placed('cancelled', 'cancelled', ', promotionCoupon: SAVE10')].join('\n');
    const ids = await load([source('shop.yaml', SHOP_YAML), source('states.yaml', yaml)], true, withPromotions);
    const em = orm.em.fork();
    const rows = [];
    for (const ref of ['new', 'paid', 'shipped', 'fulfilled', 'cancelled']) {
      const order = await fetchOrder(em, ids.orders[ref]);
      rows.push([
        ref, order.number, order.state, order.checkoutState, order.paymentState, order.shippingState,
        order.payments.getItems().map((payment) => payment.state), order.shipments.getItems().map((shipment) => shipment.state),
      ]);
    }
    expect(rows).toEqual([
      ['new', '000000001', 'new', 'completed', 'awaiting_payment', 'ready', ['new'], ['ready']],
      ['paid', '000000002', 'new', 'completed', 'paid', 'ready', ['completed'], ['ready']],
      ['shipped', '000000003', 'new', 'completed', 'awaiting_payment', 'shipped', ['new'], ['shipped']],
      ['fulfilled', '000000004', 'fulfilled', 'completed', 'paid', 'shipped', ['completed'], ['shipped']],
      ['cancelled', '000000005', 'cancelled', 'completed', 'cancelled', 'cancelled', ['cancelled'], ['cancelled']],
    ]);
    // 5 units held (5 versions), 2 of them sold (2 more), 1 released (1 more); the others stay on hold.
    const mug = await em.findOneOrFail(ProductVariant, { code: 'MUG_SW' });
    expect([mug.onHand, mug.onHold, mug.version]).toEqual([3, 2, 9]);
    // The cancelled order gave its promotion and coupon use back.
    const promotion = await em.findOneOrFail(Promotion, { code: 'coupon_promo' }, { populate: ['coupons'] });
    expect([promotion.used, promotion.coupons[0].used]).toEqual([0, 0]);
  });

  it('gives the demo orders their states with engine-priced orders too, payments covering the whole total', async () => {
    await load([demo()], true, engineOrderHooks);
    const rows = await orm.em.fork().execute<Array<Record<string, unknown>>>(
      `select o.id, o.state, o.payment_state, o.shipping_state, p.state as payment, p.amount = o.total as covers, s.state as shipment
         from orders o join payment p on p.order_id = o.id left join shipment s on s.order_id = o.id where o.id >= 6 order by o.id`,
    );
    expect(rows).toEqual([
      { id: 6, state: 'cart', payment_state: 'cart', shipping_state: 'cart', payment: 'cart', covers: true, shipment: 'cart' },
      { id: 7, state: 'new', payment_state: 'paid', shipping_state: 'ready', payment: 'completed', covers: true, shipment: 'ready' },
      { id: 8, state: 'new', payment_state: 'awaiting_payment', shipping_state: 'shipped', payment: 'new', covers: true, shipment: 'shipped' },
      { id: 9, state: 'fulfilled', payment_state: 'paid', shipping_state: 'shipped', payment: 'completed', covers: true, shipment: 'shipped' },
      { id: 10, state: 'cancelled', payment_state: 'cancelled', shipping_state: 'cancelled', payment: 'cancelled', covers: true, shipment: 'cancelled' },
    ]);
  });

  it('loads nothing from a set of files when one of them is broken', async () => {
    await load([demo()], true);
    const before = await rowCounts();
    const broken = source('broken.yaml', 'customers: [{email: new.customer@example.com}]\nproducts:\n  - {code: NEW, name: New, taxons: [nope]}\n');
    const error = await failure(load([source('ok.yaml', 'customerGroups: [{code: vip, name: VIP}]'), broken], false));
    expect(error.message).toBe('broken.yaml: products[0].taxons[0]: unknown taxon "nope"');
    expect(await rowCounts()).toEqual(before);
  });

  it('rolls back a purge when the files turn out to be broken', async () => {
    await load([demo()], true);
    const before = await rowCounts();
    const error = await failure(load([source('bad.yaml', 'channels: [{code: X, name: X, baseCurrency: usd, defaultLocale: en_US}]')], true));
    expect(error.message).toBe('bad.yaml: channels[0].baseCurrency: expected an ISO 4217 currency code like USD, got the string "usd"');
    expect(await rowCounts()).toEqual(before);
  });

  // Speed is the benchmark's business; this only checks that a reload gives the same ids.
  it('purges and reloads the demo shop with the same ids', async () => {
    await load([demo()], true);
    const ids = await load([demo()], true);
    expect(ids).toEqual(DEMO_ID_MAP);
    const counts = await rowCounts();
    expect([counts.orders, counts.customer, counts.product, counts.admin_user, counts.order_sequence]).toEqual([10, 7, 13, 1, 1]);
    // The one-row tables a purge keeps: sequences are never handed out twice, and the webhook dispatcher keeps its cursor.
    const kept = await orm.em.fork().execute<Array<{ counters: number; cursors: number }>>(
      'select (select count(*)::int from event_counter) as counters, (select count(*)::int from webhook_dispatch_cursor) as cursors',
    );
    expect(kept).toEqual([{ counters: 1, cursors: 1 }]);
  });

  it('resolves references to an earlier file and to what is already in the database', async () => {
    const shop = await load([source('shop.yaml', SHOP_YAML)], true);
    expect(shop).toEqual({
      ...EMPTY_ID_MAP,
      channels: { WEB: 1 }, customers: { 'oliver.queen@star-city.com': 1 }, products: { MUG: 1 }, variants: { MUG_SW: 1 },
      promotions: { coupon_promo: 1 }, shippingMethods: { ups: 1 }, paymentMethods: { cash_on_delivery: 1 }, zones: { US: 1 },
    });
    const more = `
locales: [en_US]
countries: [{code: US, provinces: [{code: US-TX, name: Texas}]}]
customers:
  - email: second@example.com
    group: vip
    addresses: [{firstName: S, lastName: E, countryCode: US, provinceCode: US-TX, street: Elm St 2, city: Austin, postcode: "73301"}]
customerGroups: [{code: vip, name: VIP}]
orders: [{ref: cart_2, customer: second@example.com, channel: WEB, items: [{variant: MUG_SW, quantity: 1}]}]
`;
    expect(await load([source('more.yaml', more)], false)).toEqual({
      ...EMPTY_ID_MAP, customers: { 'second@example.com': 2 }, orders: { cart_2: 1 },
    });
    expect(await orm.em.fork().execute('select l.code as locale, p.code as province, c.code as country from locale l, province p join country c on c.id = p.country_id'))
      .toEqual([{ locale: 'en_US', province: 'US-TX', country: 'US' }]);
    const twoFiles = await load([source('shop.yaml', SHOP_YAML), source('orders.yaml', ORDERS_YAML)], true);
    expect([twoFiles.channels, twoFiles.orders]).toEqual([{ WEB: 1 }, { order_001: 1, order_042: 2, cart: 3 }]);
    const again = await failure(load([source('again.yaml', 'zones: [{code: US, name: US, type: country, members: [US]}]')], false));
    expect(again.message).toBe(
      'again.yaml: zones[0].code: zone "US" already exists in the database (load with --purge to start from an empty database)',
    );
  });

  it('only lets a file refer to earlier files, and rejects codes defined twice across files', async () => {
    const later = await failure(load([source('orders.yaml', ORDERS_YAML), source('shop.yaml', SHOP_YAML)], true));
    expect(later.message).toBe('orders.yaml: orders[0].customer: unknown customer "Oliver.Queen@star-city.com"');
    const twice = await failure(load([source('shop.yaml', SHOP_YAML), source('copy.yaml', 'channels: [{code: WEB, name: Again, baseCurrency: USD, defaultLocale: en_US}]')], true));
    expect(twice.message).toBe('copy.yaml: channels[0].code: duplicate channel "WEB" (already defined at channels[0].code in shop.yaml)');
  });

  it('checks orders against their channel and the stock', async () => {
    const shop = source('shop.yaml', SHOP_YAML);
    const order = (fields: string): { file: string; data: unknown } =>
      source('o.yaml', `locales: [en_US, de_DE]\ncurrencies: [EUR]\norders: [{customer: oliver.queen@star-city.com, channel: WEB, ${fields}}]`);
    const cases: Array<[string, string]> = [
      ['localeCode: de_DE', 'o.yaml: orders[0].localeCode: locale "de_DE" is not enabled in channel "WEB"'],
      ['currencyCode: EUR', 'o.yaml: orders[0].currencyCode: currency "EUR" is not enabled in channel "WEB"'],
      ['currencyCode: GBP', 'o.yaml: orders[0].currencyCode: unknown currency "GBP"'],
      ['items: [{variant: MUG_SW, quantity: 6}]', 'o.yaml: orders[0].items[0].quantity: variant "MUG_SW" does not have sufficient stock (5 available)'],
      ['items: [{variant: MUG_SW, quantity: 0}]', 'o.yaml: orders[0].items[0].quantity: must be between 1 and 9999, got 0'],
      ['checkoutState: completed', 'o.yaml: orders[0].items: a completed order needs at least one item'],
      ['number: "1"', 'o.yaml: orders[0].number: only completed orders (checkoutState: completed) have this'],
      ['state: paid', 'o.yaml: orders[0].state: only completed orders (checkoutState: completed) have this'],
      [
        'checkoutState: completed, items: [{variant: MUG_SW, quantity: 1}], state: refunded',
        'o.yaml: orders[0].state: expected one of "new", "paid", "shipped", "fulfilled", "cancelled", got the string "refunded"',
      ],
    ];
    for (const [fields, message] of cases) {
      expect((await failure(load([shop, order(fields)], true))).message).toBe(message);
    }
    // Stock held by orders completed in an earlier file counts for the next one.
    const moreMugs = source('more.yaml', 'orders: [{customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_SW, quantity: 3}]}]');
    for (const hooks of [basicOrderHooks, engineOrderHooks]) {
      expect((await failure(load([shop, source('orders.yaml', ORDERS_YAML), moreMugs], true, hooks))).message).toBe(
        'more.yaml: orders[0].items[0].quantity: variant "MUG_SW" does not have sufficient stock (2 available)',
      );
    }
    const failing: OrderHooks = { processOrder: () => Promise.reject(new Error('boom')), completeCheckout: basicOrderHooks.completeCheckout.bind(basicOrderHooks) };
    expect((await failure(load([shop, order('items: [{variant: MUG_SW, quantity: 1}]')], true, failing))).message).toBe(
      'o.yaml: orders[0]: the order could not be processed: boom',
    );
  });

  describe('command line', () => {
    let workDir: string;
    beforeAll(() => {
      workDir = mkdtempSync(join(tmpdir(), 'fixtures-cli-'));
    });
    afterAll(() => rmSync(workDir, { recursive: true, force: true }));

    it('prints exactly one JSON object with the id map, logging to stderr', async () => {
      const result = await runCli([DEMO, '--purge'], { DATABASE_URL: database.url });
      expect(result.code).toBe(0);
      expect(result.stdout.endsWith('\n')).toBe(true);
      expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(JSON.parse(result.stdout)).toEqual(DEMO_ID_MAP);
      expect(result.stderr).toMatch(/^fixtures: loaded fixtures\/demo\.yaml into the database \(purged first\) in \d+ ms\n$/);
    });

    it('exits 1 naming the file and the YAML path of the problem, loading nothing', async () => {
      const before = await rowCounts();
      const file = join(workDir, 'broken.yaml');
      writeFileSync(file, 'products:\n  - code: MUG2\n    name: Mug\n    variants:\n      - {code: A, channelPricings: {WEB: 1}}\n      - {code: B, channelPricings: [20]}\n');
      const result = await runCli([DEMO, file, '--purge'], { DATABASE_URL: database.url });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `fixtures: ${file}: products[0].variants[1].channelPricings: expected a mapping, got a list\n`,
      });
      expect(await rowCounts()).toEqual(before);
    });

    it('reports duplicate YAML keys, usage errors and a data directory in use', async () => {
      const file = join(workDir, 'duplicate.yaml');
      writeFileSync(file, 'channels:\n  - code: WEB\n    code: WEB2\n');
      expect(await runCli([file], { DATABASE_URL: database.url })).toEqual({
        code: 1, stdout: '', stderr: `fixtures: ${file}: channels[0].code: duplicate key "code" (line 3, column 5)\n`,
      });
      expect(await runCli(['--purge'], { DATABASE_URL: database.url })).toEqual({
        code: 1, stdout: '', stderr: 'fixtures: No fixture file given\nUsage: npm run fixtures -- FILE [FILE ...] [--purge]\n',
      });
      const dataDir = join(workDir, 'db');
      writeFileSync(`${dataDir}.lock`, String(process.pid));
      expect(await runCli([DEMO], { DATABASE_URL: '', DATA_DIR: dataDir })).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `fixtures: The embedded database in ${dataDir} is in use by process ${process.pid}. ` +
          'Stop that process first (only one process may open the embedded database), or set DATABASE_URL to use a PostgreSQL server.\n',
      });
    });
  });
});

describe('demo shop on start', () => {
  it('loads fixtures/demo.yaml into an empty database only', async () => {
    const t = await startTestApp({ env: { LOG_LEVEL: 'silent' } });
    try {
      expect(await loadDemoShopIfEmpty(t.running.app)).toBe(true);
      expect(await loadDemoShopIfEmpty(t.running.app)).toBe(false);
      const response = await t.inject({ method: 'GET', url: '/api/v1/customers/?limit=1', headers: { authorization: 'Bearer SampleToken' } });
      expect([response.statusCode, (JSON.parse(response.body) as { total: number }).total]).toEqual([200, 7]);
    } finally {
      await t.close();
    }
  });
});
