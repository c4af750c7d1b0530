import fc from 'fast-check';
import { assertProperty, FuzzHarness, fuzzRuns } from '../support/fuzz/fuzz-harness';
import { PoolPick, renderPath, TOKEN, type RouteSpec } from '../support/fuzz/fuzz-requests';
import { fieldName, messagesAt, requestTextFields, withValue, type FieldPath, type TextField } from '../support/fuzz/request-text-fields';

jest.setTimeout(30 * 60_000); // bounded by the number of cases; a loaded machine is slow

/**
 * Text fields of request bodies that have no length to exceed, each with the reason. Every other text
 * field must state its `maxLength`, so a form (or field) added without a column limit fails here.
 */
const TOKEN_FIELD = 'compared with the client, a stored hash or a token, never stored';
const WITHOUT_LIMIT: Record<string, string> = {
  ...Object.fromEntries(['client_id', 'client_secret', 'username', 'password', 'refresh_token', 'scope'].map((field) => [`POST /api/oauth/v2/token ${field}`, TOKEN_FIELD])),
  ...Object.fromEntries(
    ['POST /api/v1/customers/', 'PUT /api/v1/customers/{id}', 'PATCH /api/v1/customers/{id}'].flatMap((operation) => [
      [`${operation} birthday`, 'read as a date'],
      [`${operation} user.authorizationRoles[0]`, 'a text[] column; the role pattern bounds each role'],
    ]),
  ),
  'PUT /api/v1/checkouts/complete/{id} notes': 'a text column',
  ...Object.fromEntries(['POST /api/v1/channels/', 'PUT /api/v1/channels/{code}', 'PATCH /api/v1/channels/{code}'].map((operation) => [`${operation} description`, 'a text column'])),
  ...Object.fromEntries(
    ['POST /api/v1/exchange-rates/', 'PUT /api/v1/exchange-rates/{code}', 'PATCH /api/v1/exchange-rates/{code}'].map((operation) => [`${operation} ratio`, 'read as a number']),
  ),
  ...Object.fromEntries(
    ['POST /api/v1/products/', 'PUT /api/v1/products/{code}', 'PATCH /api/v1/products/{code}'].flatMap((operation) => [
      [`${operation} productTaxons`, 'comma-separated taxon codes, each looked up'],
      [`${operation} translations.en_US.description`, 'a text column'],
      [`${operation} translations.en_US.shortDescription`, 'a text column'],
    ]),
  ),
  ...Object.fromEntries(
    ['POST /api/v1/promotions/', 'PUT /api/v1/promotions/{code}', 'PATCH /api/v1/promotions/{code}'].flatMap((operation) =>
      ['startsAt.date', 'startsAt.time', 'endsAt.date', 'endsAt.time'].map((field) => [`${operation} ${field}`, 'read as a date or a time of day']),
    ),
  ),
  ...Object.fromEntries(
    [
      'POST /api/v1/promotions/{promotionCode}/coupons/',
      'PUT /api/v1/promotions/{promotionCode}/coupons/{code}',
      'PATCH /api/v1/promotions/{promotionCode}/coupons/{code}',
      'POST /api/v1/promotions/{promotionCode}/coupons/generate',
    ].map((operation) => [`${operation} expiresAt`, 'read as a date']),
  ),
  ...Object.fromEntries(
    ['POST /api/v1/taxons/', 'PUT /api/v1/taxons/{code}', 'PATCH /api/v1/taxons/{code}'].map((operation) => [`${operation} translations.en_US.description`, 'a text column']),
  ),
  'PUT /api/v1/taxons/{code}/products productsPositions[0].productCode': 'looked up among the taxon\'s products, never stored',
  'PUT /api/v1/taxons/{code}/products productsPositions[0].position': 'read as a whole number',
  ...Object.fromEntries(
    ['tax-categories', 'shipping-categories', 'shipping-methods'].flatMap((resource) =>
      [`POST /api/v1/${resource}/`, `PUT /api/v1/${resource}/{code}`, `PATCH /api/v1/${resource}/{code}`].map((operation) => [`${operation} description`, 'a text column']),
    ),
  ),
};

/**
 * Fields that are children of their form only given a sibling's value: an address has `provinceName`
 * only in a country without provinces (the demo shop's DE; the examples use US, which has provinces).
 */
const SIBLINGS: Record<string, Record<string, unknown>> = { provinceName: { countryCode: 'DE' } };

/** Characters of an over-long text: none is blank (forms trim), several take two bytes or two UTF-16 units. */
const UNITS = ['a', 'Z', '7', '-', 'ü', '€', 'ß', 'İ', '😀', '漢'];
const cycled = (length: number): string => Array.from({ length }, (_, index) => UNITS[index % UNITS.length]).join('');
const overLong = (limit: number) =>
  fc.array(fc.constantFrom(...UNITS), { minLength: limit + 1, maxLength: limit + 1 + Math.max(8, limit) }).map((units) => units.join(''));

/** How many path ids the API lists are tried before a field counts as never reaching its form. */
const CANDIDATES = 8;

/**
 * For every form (every route with a JSON body in the OpenAPI document) and every text field in it,
 * nested ones included: the form's example body with a text one or more characters longer than the
 * field's `maxLength` is a 400 with the violation at that field, and nothing is written.
 */
describe('fuzz: over-long texts in every field of every request body', () => {
  let h: FuzzHarness;
  let fields: TextField[];
  const limited = () => fields.filter((field) => field.maxLength !== null);
  const label = (field: TextField) => `${field.operation} ${fieldName(field.field)}`;

  beforeAll(async () => {
    h = await FuzzHarness.start();
    fields = requestTextFields(await h.openApiDocument());
  });
  afterAll(async () => {
    if (h === undefined) return; // its setup failed; the test environment closes what it opened
    process.stdout.write(`${h.summary('fuzz-over-long-texts')}\n`);
    await h.close();
  });

  const routeOf = (field: TextField): RouteSpec => {
    const route = h.routes.find((candidate) => candidate.method === field.method && candidate.url.replace(/\/+$/, '') === field.routeUrl);
    if (route === undefined) throw new Error(`${field.operation} is documented but not routed`);
    return route;
  };

  /**
   * Sends the body to path ids the API lists until one answers with the form's 400 at the field. The
   * harness checks every answer: never a 5xx, a documented body, nothing written on a 4xx.
   */
  async function expectRefused(field: TextField, value: string): Promise<void> {
    const route = routeOf(field);
    const parent = field.field.slice(0, -1);
    const siblings = Object.entries(SIBLINGS[String(field.field[field.field.length - 1])] ?? {});
    const body = siblings.reduce((current, [key, sibling]) => withValue(current, [...parent, key] as FieldPath, sibling), field.example as unknown);
    const payload = JSON.stringify(withValue(body, field.field, value));
    const seen: string[] = [];
    for (let pick = 0; pick < CANDIDATES; pick += 1) {
      const url = renderPath(route, route.params.map(() => new PoolPick('related', pick)), route.params.length >= 2 ? pick : null, h.pools, false);
      const response = await h.check(route, { method: field.method, url, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, payload });
      if (response.statusCode < 400) throw new Error(`${label(field)}: ${[...value].length} characters were accepted (${response.statusCode} at ${url})`);
      const body = JSON.parse(response.body) as { errors?: unknown };
      if (response.statusCode === 400 && messagesAt(body.errors, field.field).length > 0) return;
      seen.push(`${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`);
      if (route.params.length === 0) break;
    }
    throw new Error(`${label(field)}: ${[...value].length} characters got no 400 at the field:\n  ${seen.join('\n  ')}`);
  }

  it('finds a maxLength for every text field of every request body, except the listed ones', () => {
    expect(fields.filter((field) => field.maxLength === null).map(label).sort()).toEqual(Object.keys(WITHOUT_LIMIT).sort());
    // Nested fields are found too, and the limits are the columns' own.
    expect(limited().map((field) => `${label(field)} ${field.maxLength}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/checkouts/addressing/{id} shippingAddress.company 255',
        'PUT /api/v1/checkouts/addressing/{id} billingAddress.provinceName 255',
        'PUT /api/v1/checkouts/addressing/{id} billingAddress.countryCode 2',
        'PUT /api/v1/checkouts/select-shipping/{id} shipments[0].method 255',
        'POST /api/v1/customers/ email 254',
        'PATCH /api/v1/customers/{id} user.plainPassword 254',
        'POST /api/v1/carts/ localeCode 12',
        'PUT /api/v1/orders/{orderId}/shipments/{id}/ship tracking 255',
        'POST /api/v1/tax-categories/ code 255',
        'PATCH /api/v1/shipping-categories/{code} name 255',
        'POST /api/v1/locales/ code 12',
        'POST /api/v1/currencies/ code 3',
        'POST /api/v1/users/ username 255',
        'PATCH /api/v1/users/{id} email 254',
        'PUT /api/v1/users/{id} plainPassword 254',
        'POST /api/v1/users/ localeCode 12',
        'POST /api/v1/countries/ code 2',
        'POST /api/v1/countries/ provinces[0].name 255',
        'POST /api/v1/zones/country members[0].code 255',
        'PATCH /api/v1/zones/{code} name 255',
        'POST /api/v1/products/ code 255',
        'POST /api/v1/products/ translations.en_US.slug 255',
        'PATCH /api/v1/products/{code} translations.en_US.name 255',
        'PUT /api/v1/products/{code} mainTaxon 255',
        'POST /api/v1/products/ channels[0] 255',
        'POST /api/v1/products/{productCode}/variants/ code 255',
        'PUT /api/v1/products/{productCode}/variants/{code} taxCategory 255',
        'PATCH /api/v1/products/{productCode}/variants/{code} shippingCategory 255',
        'POST /api/v1/products/{productCode}/reviews/ title 255',
        'POST /api/v1/products/{productCode}/reviews/ author.email 254',
        'PUT /api/v1/products/{productCode}/reviews/{id} comment 5000',
        'PATCH /api/v1/products/{productCode}/reviews/{id} title 255',
        'POST /api/v1/tax-rates/ name 255',
        'PUT /api/v1/tax-rates/{code} zone 255',
        'PATCH /api/v1/shipping-methods/{code} name 255',
        'POST /api/v1/shipping-methods/ channels[0] 255',
        'POST /api/v1/payment-methods/ code 255',
        'POST /api/v1/product-attributes/text code 255',
        'POST /api/v1/channels/ name 255',
        'POST /api/v1/channels/ locales[0] 12',
        'PUT /api/v1/channels/{code} contactEmail 254',
        'PATCH /api/v1/channels/{code} shopBillingData.countryCode 2',
        'POST /api/v1/exchange-rates/ sourceCurrency 3',
        'POST /api/v1/promotions/ description 255',
        'POST /api/v1/taxons/ code 255',
        'POST /api/v1/taxons/ translations.en_US.slug 255',
        'PATCH /api/v1/taxons/{code} translations.en_US.name 255',
        'PUT /api/v1/taxons/{code} parent 255',
        'POST /api/v1/promotions/{promotionCode}/coupons/ code 255',
        'POST /api/v1/promotions/{promotionCode}/coupons/generate prefix 254',
        'POST /api/v1/product-options/ code 255',
        'PUT /api/v1/product-options/{code} values[0].code 255',
        'POST /api/v1/product-association-types/ code 255',
      ]),
    );
  });

  it('answers 400 at the field, writing nothing, for one character over the limit in each field', async () => {
    for (const field of limited()) await expectRefused(field, cycled(field.maxLength! + 1));
    expect(h.stats.byStatus['400']).toBeGreaterThanOrEqual(limited().length);
  });

  // The net under the listing above: a field that states no limit still gets a text longer than any
  // column of the schema, and the harness's rules hold (never a 5xx, a documented body, no write on a 4xx).
  it('answers a 4 096-character text in a field without a stated limit safely', async () => {
    for (const field of fields.filter((candidate) => candidate.maxLength === null)) {
      const route = routeOf(field);
      const payload = JSON.stringify(withValue(field.example, field.field, cycled(4096)));
      // Path ids the API lists, until one is a resource the request applies to (not a 404 or 409).
      for (let pick = 0; pick < CANDIDATES; pick += 1) {
        const url = renderPath(route, route.params.map(() => new PoolPick('related', pick)), route.params.length >= 2 ? pick : null, h.pools, false);
        const response = await h.check(route, { method: field.method, url, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, payload });
        if (route.params.length === 0 || ![404, 409].includes(response.statusCode)) break;
      }
    }
  });

  it('answers 400 at the field, writing nothing, for random over-long texts in random fields', async () => {
    await assertProperty(
      fc.asyncProperty(
        fc.constantFrom(...limited()).chain((field) => fc.tuple(fc.constant(field), overLong(field.maxLength!))),
        async ([field, value]) => expectRefused(field, value),
      ),
      fuzzRuns(150),
    );
  });
});
