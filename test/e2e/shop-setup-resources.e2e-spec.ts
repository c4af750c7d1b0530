import { expectJson, idOf } from '../support/cart-expectations';
import { DEMO_AUTH, loadDemoShop } from '../support/demo-shop';
import { ACCESS_DENIED, notFound, shippingCategory, stamps, taxCategory } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/** Added to the demo shop: an exclusive, limited promotion whose coupon expires and has no limits. */
const EXTRA_YAML = `
promotions:
  - code: spring_sale
    name: Spring sale
    channels: [EU_WEB]
    exclusive: true
    usageLimit: 50
    couponBased: true
    actions: [{type: order_fixed_discount, configuration: {EU_WEB: {amount: 500}}}]
    coupons: [{code: SPRING, expiresAt: 2026-06-01T00:00:00+00:00}]
`;

describe('tax categories, shipping categories, zones, promotions and coupons', () => {
  let t: TestApp;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
    await loadDemoShop(t, EXTRA_YAML);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: DEMO_AUTH });
  const channelRef = async (code: string) => ({
    id: await idOf(t, 'select id from channel where code = ?', [code]),
    code,
    _links: { self: { href: `/api/v1/channels/${code}` } },
  });

  describe('GET /api/v1/tax-categories/{code}', () => {
    it('shows a tax category', async () => {
      expectJson(await get('/api/v1/tax-categories/reduced'), 200, await taxCategory(t, { code: 'reduced', name: 'Reduced', description: 'Books' }));
      expectJson(await get('/api/v1/tax-categories/std'), 200, await taxCategory(t, { code: 'std', name: 'Standard', description: 'Most goods' }));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await get('/api/v1/tax-categories/regular'), 404, notFound('tax category'));
    });
  });

  describe('GET /api/v1/shipping-categories/{code}', () => {
    it('shows a shipping category, without a description when it has none', async () => {
      expectJson(await get('/api/v1/shipping-categories/regular'), 200, await shippingCategory(t, { code: 'regular', name: 'Regular' }));
      expectJson(
        await get('/api/v1/shipping-categories/oversized'),
        200,
        await shippingCategory(t, { code: 'oversized', name: 'Oversized', description: 'Posters and other bulky items' }),
      );
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await get('/api/v1/shipping-categories/std'), 404, notFound('shipping category'));
    });
  });

  describe('GET /api/v1/zones/{code}', () => {
    const zone = async (code: string, name: string, type: string, scope: string, members: string[]) => {
      const id = await idOf(t, 'select id from zone where code = ?', [code]);
      const memberIds = [];
      for (const member of members) memberIds.push({ id: await idOf(t, 'select id from zone_member where zone_id = ? and code = ?', [id, member]), code: member });
      return { id, code, name, type, scope, members: memberIds, _links: { self: { href: `/api/v1/zones/${code}` } } };
    };

    it('shows a zone with its members in the order they were added', async () => {
      expectJson(await get('/api/v1/zones/EU'), 200, await zone('EU', 'European Union', 'country', 'all', ['DE', 'PL']));
      expectJson(await get('/api/v1/zones/WORLD'), 200, await zone('WORLD', 'Rest of the world', 'zone', 'shipping', ['US', 'EU', 'UK']));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await get('/api/v1/zones/DE'), 404, notFound('zone'));
    });
  });

  describe('GET /api/v1/promotions/{code}', () => {
    const promotionId = (code: string) => idOf(t, 'select id from promotion where code = ?', [code]);
    const settingId = (table: string, promotion: number, type: string) => idOf(t, `select id from ${table} where promotion_id = ? and type = ?`, [promotion, type]);

    it('shows a coupon-based promotion, its usage counted from the completed demo order', async () => {
      const id = await promotionId('ten_percent_coupon');
      expectJson(await get('/api/v1/promotions/ten_percent_coupon'), 200, {
        id,
        code: 'ten_percent_coupon',
        name: 'Ten percent off with a coupon',
        description: 'Ten percent off the whole order with the coupon SAVE10.',
        priority: 0,
        exclusive: false,
        used: 1,
        couponBased: true,
        rules: [],
        actions: [{ id: await settingId('promotion_action', id, 'order_percentage_discount'), type: 'order_percentage_discount', configuration: { percentage: 0.1 } }],
        ...(await stamps(t, 'promotion', 'id = ?', [id])),
        channels: [await channelRef('WEB'), await channelRef('EU_WEB')],
        _links: { self: { href: '/api/v1/promotions/ten_percent_coupon' }, coupons: { href: '/api/v1/promotions/ten_percent_coupon/coupons/' } },
      });
    });

    it('shows rules, actions and the validity period', async () => {
      const id = await promotionId('t_shirt_week');
      expectJson(await get('/api/v1/promotions/t_shirt_week'), 200, {
        id,
        code: 't_shirt_week',
        name: 'T-shirt week',
        priority: 0,
        exclusive: false,
        used: 0,
        startsAt: '2026-01-01T00:00:00+0000',
        endsAt: '2027-01-01T00:00:00+0000',
        couponBased: false,
        rules: [{ id: await settingId('promotion_rule', id, 'has_taxon'), type: 'has_taxon', configuration: { taxons: ['t_shirts'] } }],
        actions: [
          {
            id: await settingId('promotion_action', id, 'unit_percentage_discount'),
            type: 'unit_percentage_discount',
            configuration: { WEB: { filters: { taxons_filter: { taxons: ['t_shirts'] } }, percentage: 0.15 } },
          },
        ],
        ...(await stamps(t, 'promotion', 'id = ?', [id])),
        channels: [await channelRef('WEB')],
        _links: { self: { href: '/api/v1/promotions/t_shirt_week' } },
      });
    });

    it('shows an exclusive promotion with a usage limit', async () => {
      const id = await promotionId('spring_sale');
      expectJson(await get('/api/v1/promotions/spring_sale'), 200, {
        id,
        code: 'spring_sale',
        name: 'Spring sale',
        priority: 0,
        exclusive: true,
        usageLimit: 50,
        used: 0,
        couponBased: true,
        rules: [],
        actions: [{ id: await settingId('promotion_action', id, 'order_fixed_discount'), type: 'order_fixed_discount', configuration: { EU_WEB: { amount: 500 } } }],
        ...(await stamps(t, 'promotion', 'id = ?', [id])),
        channels: [await channelRef('EU_WEB')],
        _links: { self: { href: '/api/v1/promotions/spring_sale' }, coupons: { href: '/api/v1/promotions/spring_sale/coupons/' } },
      });
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await get('/api/v1/promotions/SAVE10'), 404, notFound('promotion'));
    });
  });

  describe('GET /api/v1/promotions/{promotionCode}/coupons/{code}', () => {
    const coupon = async (promotion: string, code: string, fields: Record<string, unknown>, perCustomerUsageLimit?: number) => {
      const id = await idOf(t, 'select id from promotion_coupon where code = ?', [code]);
      return {
        id,
        code,
        ...fields,
        ...(await stamps(t, 'promotion_coupon', 'id = ?', [id])),
        ...(perCustomerUsageLimit !== undefined && { perCustomerUsageLimit }),
        _links: { self: { href: `/api/v1/promotions/${promotion}/coupons/${code}` }, promotion: { href: `/api/v1/promotions/${promotion}` } },
      };
    };

    it('shows a coupon with its limits and usage', async () => {
      expectJson(await get('/api/v1/promotions/ten_percent_coupon/coupons/SAVE10'), 200, await coupon('ten_percent_coupon', 'SAVE10', { used: 1, usageLimit: 100 }, 1));
    });

    it('shows an expiry date and leaves out limits that are not set', async () => {
      expectJson(await get('/api/v1/promotions/spring_sale/coupons/SPRING'), 200, await coupon('spring_sale', 'SPRING', { used: 0, expiresAt: '2026-06-01T00:00:00+0000' }));
    });

    it.each([
      ['a coupon of another promotion', '/api/v1/promotions/spring_sale/coupons/SAVE10'],
      ['an unknown promotion', '/api/v1/promotions/NOPE/coupons/SAVE10'],
      ['an unknown coupon', '/api/v1/promotions/ten_percent_coupon/coupons/NOPE'],
    ])('answers 404 for %s', async (_case, url) => {
      expectJson(await get(url), 404, notFound('promotion coupon'));
    });
  });

  describe('authentication', () => {
    it.each([
      '/api/v1/tax-categories/std',
      '/api/v1/shipping-categories/regular',
      '/api/v1/zones/US',
      '/api/v1/promotions/ten_percent_coupon',
      '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10',
      '/api/v1/zones/NOPE',
    ])('answers 401 to GET %s without a token', async (url) => {
      expectJson(await t.inject({ method: 'GET', url }), 401, ACCESS_DENIED);
    });

    it('answers 401 to an unknown token', async () => {
      const response = await t.inject({ method: 'GET', url: '/api/v1/zones/US', headers: { authorization: 'Bearer nope' } });
      expectJson(response, 401, { error: 'invalid_grant', error_description: 'The access token provided is invalid.' });
    });
  });

  it('reads each resource in one statement besides authentication', async () => {
    const counted = async (url: string) => {
      recording = [];
      const response = await get(url);
      const statements = recording.length;
      recording = null;
      return { url, status: response.statusCode, statements };
    };
    // The channel resource reads one row, so it shows what authentication costs.
    const { statements } = await counted('/api/v1/channels/WEB');
    const urls = [
      '/api/v1/tax-categories/std',
      '/api/v1/shipping-categories/regular',
      '/api/v1/zones/WORLD',
      '/api/v1/promotions/t_shirt_week',
      '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10',
    ];
    const counts = [];
    for (const url of urls) counts.push(await counted(url));
    expect(counts).toEqual(urls.map((url) => ({ url, status: 200, statements })));
  });
});
