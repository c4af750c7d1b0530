import fc from 'fast-check';
import { assertProperty, FuzzHarness, fuzzRuns } from '../support/fuzz/fuzz-harness';
import { structuredCase } from '../support/fuzz/fuzz-requests';
import { structuredRequest } from '../support/fuzz/to-request';

/**
 * Property: whatever path ids, query string, JSON body and Authorization header any registered route
 * receives, the answer is never a 5xx, its body is JSON of a documented shape, and a 4xx leaves the
 * database exactly as it was. FUZZ_RUNS scales the number of cases, FUZZ_SEED replays a run.
 */
jest.setTimeout(30 * 60_000); // bounded by the number of cases; a loaded machine is slow

describe('fuzz: structured requests on every registered route', () => {
  let h: FuzzHarness;

  beforeAll(async () => {
    h = await FuzzHarness.start();
  });
  afterAll(async () => {
    if (h === undefined) return; // its setup failed; the test environment closes what it opened
    process.stdout.write(`${h.summary('fuzz-requests')}\n`);
    await h.close();
  });

  it('takes the routes from the application, so new endpoints are fuzzed too', () => {
    expect(h.routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/oauth/v2/token',
        'GET /api/v1/carts',
        'DELETE /api/v1/carts/:id',
        'PATCH /api/v1/carts/:cartId/items/:itemId',
        'PUT /api/v1/customers/:id',
        'GET /api/v1/channels',
        'GET /api/v1/channels/:code',
        'POST /api/v1/channels',
        'PUT /api/v1/channels/:code',
        'PATCH /api/v1/channels/:code',
        'DELETE /api/v1/channels/:code',
        'GET /api/v1/exchange-rates',
        'POST /api/v1/exchange-rates',
        'GET /api/v1/exchange-rates/:code',
        'PUT /api/v1/exchange-rates/:code',
        'PATCH /api/v1/exchange-rates/:code',
        'DELETE /api/v1/exchange-rates/:code',
        'POST /api/v1/tax-categories',
        'PUT /api/v1/shipping-categories/:code',
        'DELETE /api/v1/locales/:code',
        'GET /api/v1/currencies',
        'PATCH /api/v1/users/:id',
        'DELETE /api/v1/api-clients/:id',
        'GET /api/v1/products',
        'POST /api/v1/products',
        'PUT /api/v1/products/:code',
        'PATCH /api/v1/products/:code',
        'DELETE /api/v1/products/:code',
        'GET /api/v1/products/:productCode/variants',
        'POST /api/v1/products/:productCode/variants',
        'PUT /api/v1/products/:productCode/variants/:code',
        'DELETE /api/v1/products/:productCode/variants/:code',
        'GET /api/v1/products/:productCode/reviews',
        'POST /api/v1/products/:productCode/reviews',
        'PATCH /api/v1/products/:productCode/reviews/:id',
        'POST /api/v1/products/:productCode/reviews/:id/accept',
        'GET /api/v1/promotions',
        'POST /api/v1/promotions',
        'PATCH /api/v1/promotions/:code',
        'DELETE /api/v1/promotions/:code',
        'GET /api/v1/promotions/:promotionCode/coupons',
        'POST /api/v1/promotions/:promotionCode/coupons/generate',
        'PUT /api/v1/promotions/:promotionCode/coupons/:code',
        'GET /api/v1/taxons',
        'GET /api/v1/taxons/:code',
        'POST /api/v1/taxons',
        'PUT /api/v1/taxons/:code',
        'PATCH /api/v1/taxons/:code',
        'DELETE /api/v1/taxons/:code',
        'PUT /api/v1/taxons/:code/products',
        'GET /api/v1/countries',
        'POST /api/v1/countries',
        'DELETE /api/v1/countries/:countryCode/provinces/:code',
        'POST /api/v1/zones/province',
        'PATCH /api/v1/zones/:code',
        'GET /api/v1/tax-rates',
        'POST /api/v1/tax-rates',
        'PUT /api/v1/tax-rates/:code',
        'DELETE /api/v1/tax-rates/:code',
        'GET /api/v1/shipping-methods',
        'POST /api/v1/shipping-methods',
        'PATCH /api/v1/shipping-methods/:code',
        'DELETE /api/v1/shipping-methods/:code',
        'GET /api/v1/payment-methods',
        'POST /api/v1/payment-methods',
        'PUT /api/v1/payment-methods/:code',
        'DELETE /api/v1/payment-methods/:code',
        'GET /api/v1/product-options',
        'POST /api/v1/product-options',
        'PUT /api/v1/product-options/:code',
        'DELETE /api/v1/product-options/:code',
        'GET /api/v1/product-association-types',
        'PATCH /api/v1/product-association-types/:code',
        'DELETE /api/v1/product-association-types/:code',
        'GET /api/v1/product-attributes',
        'POST /api/v1/product-attributes/text',
        'POST /api/v1/product-attributes/select',
        'GET /api/v1/product-attributes/:code',
        'PUT /api/v1/product-attributes/:code',
        'PATCH /api/v1/product-attributes/:code',
        'DELETE /api/v1/product-attributes/:code',
      ]),
    );
  });

  it('learns each form from its validation answer, and path ids from the lists', () => {
    expect(h.formFields.get('POST /api/v1/carts')).toEqual(['customer', 'localeCode', 'channel']);
    expect(h.formFields.get('PUT /api/v1/carts/:cartId/items/:itemId')).toEqual(['quantity']);
    expect(h.formFields.get('POST /api/v1/customers')).toEqual(expect.arrayContaining(['email', 'gender', 'user']));
    expect(h.formFields.get('PATCH /api/v1/tax-categories/:code')).toEqual(['name', 'description', 'code']);
    expect(h.formFields.get('POST /api/v1/locales')).toEqual(['code']);
    expect(h.formFields.get('PUT /api/v1/users/:id')).toEqual(['username', 'email', 'plainPassword', 'enabled', 'firstName', 'lastName', 'localeCode']);
    expect(h.formFields.get('POST /api/v1/api-clients')).toEqual(['allowedGrantTypes']);
    expect(h.formFields.get('POST /api/v1/countries')).toEqual(['provinces', 'enabled', 'code']);
    expect(h.formFields.get('PATCH /api/v1/products/:productCode/variants/:code')).toEqual([
      'translations',
      'version',
      'tracked',
      'width',
      'height',
      'depth',
      'weight',
      'taxCategory',
      'shippingRequired',
      'shippingCategory',
      'channelPricings',
      'code',
      'optionValues',
    ]);
    expect(h.formFields.get('PUT /api/v1/zones/:code')).toEqual(['name', 'type', 'members', 'scope', 'code']);
    expect(h.formFields.get('PATCH /api/v1/taxons/:code')).toEqual(['translations', 'code', 'parent']);
    expect(h.formFields.get('POST /api/v1/products')).toEqual(['enabled', 'translations', 'attributes', 'associations', 'channels', 'mainTaxon', 'productTaxons', 'code', 'options']);
    expect(h.formFields.get('POST /api/v1/tax-rates')).toEqual(['name', 'category', 'zone', 'amount', 'includedInPrice', 'calculator', 'code']);
    expect(h.formFields.get('PUT /api/v1/shipping-methods/:code')).toEqual([
      'name', 'description', 'position', 'category', 'categoryRequirement', 'calculator', 'zone', 'taxCategory', 'channels', 'enabled', 'configuration', 'code',
    ]);
    expect(h.formFields.get('PATCH /api/v1/payment-methods/:code')).toEqual(['position', 'enabled', 'translations', 'channels', 'code']);
    expect(h.formFields.get('POST /api/v1/product-attributes/select')).toEqual(['type', 'position', 'translations', 'code', 'configuration']);
    expect(h.formFields.get('POST /api/v1/channels')).toEqual(expect.arrayContaining(['name', 'locales', 'defaultLocale', 'shopBillingData', 'code', 'baseCurrency']));
    expect(h.formFields.get('POST /api/v1/exchange-rates')).toEqual(['ratio', 'sourceCurrency', 'targetCurrency']);
    expect(h.formFields.get('PATCH /api/v1/promotions/:promotionCode/coupons/:code')).toEqual(['usageLimit', 'expiresAt', 'perCustomerUsageLimit', 'reusableFromCancelledOrders', 'code']);
    expect(h.pools.learned.pairs.get('/api/v1/promotions/:promotionCode/coupons/:code')).toEqual(expect.arrayContaining([['ten_percent_coupon', 'SAVE10']]));
    expect(h.formFields.get('POST /api/v1/promotions')).toEqual([
      'name', 'description', 'exclusive', 'usageLimit', 'startsAt', 'endsAt', 'priority', 'couponBased', 'rules', 'actions', 'channels', 'code',
    ]);
    expect(h.formFields.get('POST /api/v1/product-options')).toEqual(['position', 'translations', 'values', 'code']);
    expect(h.formFields.get('POST /api/v1/product-association-types')).toEqual(['translations', 'code']);
    expect(h.pools.learned.firstParam.get('/api/v1/currencies')).toEqual(expect.arrayContaining(['USD', 'EUR']));
    expect(h.pools.learned.firstParam.get('/api/v1/carts')?.length).toBeGreaterThan(0);
    expect(h.pools.learned.pairs.get('/api/v1/carts/:cartId/items/:itemId')?.length).toBeGreaterThan(0);
    // Catalogue items are addressed by code, as their self links say.
    expect(h.pools.learned.firstParam.get('/api/v1/products')).toEqual(expect.arrayContaining(['MUG', 'CAP']));
    expect(h.pools.learned.firstParam.get('/api/v1/taxons')).toEqual(expect.arrayContaining(['category', 't_shirts']));
    expect(h.pools.learned.pairs.get('/api/v1/products/:productCode/variants/:code')).toEqual(expect.arrayContaining([['MUG', 'MUG_SW']]));
  });

  it('never answers 5xx, always a documented JSON body, and changes nothing on a 4xx', async () => {
    await assertProperty(
      fc.asyncProperty(structuredCase(h.routes, h.formFields), async (c) => {
        await h.check(c.route, structuredRequest(c, h.pools));
      }),
      fuzzRuns(1500),
    );
    // Random picks miss a route now and then (193 routes, 1,500 runs: about one run in twelve): each route
    // the runs missed gets cases of its own, so every route is reached on every run.
    for (const route of h.routes.filter((candidate) => h.stats.byRoute[`${candidate.method} ${candidate.url}`] === undefined)) {
      for (const c of fc.sample(structuredCase([route], h.formFields), 3)) await h.check(c.route, structuredRequest(c, h.pools));
    }
    // Every route was reached, and the runs were not all rejected at the door.
    expect(Object.keys(h.stats.byRoute)).toHaveLength(h.routes.length);
    expect(Object.keys(h.stats.byStatus)).toEqual(expect.arrayContaining(['200', '400', '404']));
    if (h.stats.cases >= 800) expect(Object.keys(h.stats.byStatus)).toEqual(expect.arrayContaining(['201', '204']));
  });
});
