import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { assertProperty, FuzzHarness, fuzzRuns } from '../support/fuzz/fuzz-harness';
import { PoolPick, renderPath, TOKEN, type RouteSpec } from '../support/fuzz/fuzz-requests';
import { bodyWithNumber, outOfRangeTexts, requestIntegerFields, type IntegerField } from '../support/fuzz/request-integer-fields';
import { fieldName, messagesAt } from '../support/fuzz/request-text-fields';
import type { FuzzRequest } from '../support/fuzz/to-request';

jest.setTimeout(30 * 60_000); // bounded by the number of cases; a loaded machine is slow

/**
 * A list's paging parameters answer a page or page size outside their range as a page that is not
 * there, the way the reference answers any page or limit that is not a positive integer; every other
 * integer answers the 400 form tree at its field.
 */
const PAGING = new Set(['page', 'limit', 'paginate']);
const PAGE_NOT_FOUND = { code: 404, message: 'Page Not Found' };
/**
 * The one body the reference answers with a plain message instead of the form tree: a taxon's product
 * positions (`The productTaxon position "…" is invalid.`).
 */
const PLAIN_MESSAGE_OPERATIONS = new Set(['PUT /api/v1/taxons/{code}/products']);
const POSITION_REFUSAL = /^The productTaxon position ".+" is invalid\.$/;

/** How many path ids the API lists are tried before a field counts as never reaching its form. */
const CANDIDATES = 8;

/**
 * For every integer the OpenAPI document describes, in a request body (nested ones included) or as a
 * query parameter: a number just outside its stated range, or past what any integer column holds
 * (2^53, 1e21, 1e30, 2^63, negative ones), is refused at that field, never a 5xx, and nothing is
 * written (the harness compares the database before and after every request).
 */
describe('fuzz: out-of-range integers in every field of every request body and query', () => {
  let h: FuzzHarness;
  let fields: IntegerField[];
  const label = (field: IntegerField) => `${field.operation} ${field.in} ${fieldName(field.field)}`;
  const isPaging = (field: IntegerField) =>
    field.in === 'query' && PAGING.has(String(field.field[0])) && fields.some((other) => other.operation === field.operation && other.field[0] === 'page');

  beforeAll(async () => {
    h = await FuzzHarness.start();
    fields = requestIntegerFields(await h.openApiDocument());
  });
  afterAll(async () => {
    if (h === undefined) return; // its setup failed; the test environment closes what it opened
    process.stdout.write(`${h.summary('fuzz-integer-bounds')}\n`);
    await h.close();
  });

  const routeOf = (field: IntegerField): RouteSpec => {
    const route = h.routes.find((candidate) => candidate.method === field.method && candidate.url.replace(/\/+$/, '') === field.routeUrl);
    if (route === undefined) throw new Error(`${field.operation} is documented but not routed`);
    return route;
  };

  const requestFor = (field: IntegerField, path: string, text: string): FuzzRequest =>
    field.in === 'body'
      ? { method: field.method, url: path, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, payload: bodyWithNumber(field.example, field.field, text) }
      : { method: field.method, url: `${path}?${encodeURIComponent(String(field.field[0]))}=${encodeURIComponent(text)}`, headers: { authorization: `Bearer ${TOKEN}` } };

  /**
   * Sends the number to path ids the API lists until one answers the field's refusal. The harness
   * checks every answer: never a 5xx, a documented body, nothing written on a 4xx.
   */
  async function expectRefused(field: IntegerField, text: string): Promise<void> {
    const route = routeOf(field);
    const seen: string[] = [];
    for (let pick = 0; pick < CANDIDATES; pick += 1) {
      const path = renderPath(route, route.params.map(() => new PoolPick('related', pick)), route.params.length >= 2 ? pick : null, h.pools, false);
      const request = requestFor(field, path, text);
      const response = await h.check(route, request);
      if (response.statusCode < 400) throw new Error(`${label(field)}: ${text} was accepted (${response.statusCode} at ${request.url})`);
      const body = JSON.parse(response.body) as { errors?: unknown };
      const refused = isPaging(field)
        ? response.statusCode === 404 && isDeepStrictEqual(body, PAGE_NOT_FOUND)
        : PLAIN_MESSAGE_OPERATIONS.has(field.operation)
          ? response.statusCode === 400 && isDeepStrictEqual(Object.keys(body), ['code', 'message']) && POSITION_REFUSAL.test(String((body as { message?: unknown }).message))
          : response.statusCode === 400 && messagesAt(body.errors, field.field).length > 0;
      if (refused) return;
      seen.push(`${request.url} -> ${response.statusCode} ${response.body.slice(0, 300)}`);
      if (route.params.length === 0) break;
    }
    throw new Error(`${label(field)}: ${text} got no ${isPaging(field) ? '404 Page Not Found' : '400 at the field'}:\n  ${seen.join('\n  ')}`);
  }

  it('finds every integer of every request, each with a stated minimum and maximum', () => {
    expect(fields.filter((field) => field.minimum === null || field.maximum === null).map(label)).toEqual([]);
    // Nested and query integers are found too, and the ranges are the forms' own.
    expect(fields.map((field) => `${label(field)} ${field.minimum}..${field.maximum}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/webhooks/{id}/replay body after 0..9007199254740991',
        'POST /api/v1/carts/{cartId}/items/ body quantity 1..9999',
        'PATCH /api/v1/carts/{cartId}/items/{itemId} body quantity 1..9999',
        'GET /api/v1/events query after 0..9007199254740991',
        'GET /api/v1/events query limit 1..500',
        'GET /api/v1/orders/ query page 1..9007199254740991',
        'GET /api/v1/webhooks/{id}/deliveries/ query paginate 1..9007199254740991',
      ]),
    );
  });

  it('refuses a number just outside the range, 2^53, 1e21, 1e30, 2^63 and their negatives at the field, writing nothing', async () => {
    for (const field of fields) for (const text of outOfRangeTexts(field)) await expectRefused(field, text);
    const formRefusals = fields.filter((field) => !isPaging(field)).reduce((count, field) => count + outOfRangeTexts(field).length, 0);
    expect(h.stats.byStatus['400']).toBeGreaterThanOrEqual(formRefusals);
  });

  it('refuses random integers past either end of the range at the field, writing nothing', async () => {
    // A field without a stated bound (which the listing above fails on) still gets the numbers past any column.
    const beyond = (field: IntegerField): fc.Arbitrary<string> =>
      fc.oneof(
        fc.bigInt({ min: BigInt(field.maximum ?? Number.MAX_SAFE_INTEGER) + 1n, max: 2n ** 80n }).map(String),
        fc.bigInt({ min: -(2n ** 80n), max: BigInt(field.minimum ?? -Number.MAX_SAFE_INTEGER) - 1n }).map(String),
        // Doubles from 2^53 on are all integers; JSON writes the large ones with an exponent.
        fc.tuple(fc.double({ min: 2 ** 53, max: Number.MAX_VALUE, noNaN: true, noDefaultInfinity: true }), fc.boolean()).map(([size, negative]) => JSON.stringify(negative ? -size : size)),
      );
    await assertProperty(
      fc.asyncProperty(
        fc.constantFrom(...fields).chain((field) => fc.tuple(fc.constant(field), beyond(field))),
        async ([field, text]) => expectRefused(field, text),
      ),
      fuzzRuns(150),
    );
  });
});
