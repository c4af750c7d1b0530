import fc from 'fast-check';
import type { IdPools } from './database-state';
import { hostileUrlText, hostileValue, PROTOTYPE_KEYS } from './hostile-values';
import { collectionOf, type LearnedIds } from './learned-shapes';

/** Everything a generated case may refer to: rows of the database and ids the API lists. */
export type Pools = IdPools & { learned: LearnedIds };

/**
 * Structured requests against any registered route: path ids (existing, nested pairs, hostile),
 * query strings (paging, sorting[..], criteria[..], junk), JSON bodies mixing plausible and hostile
 * field values, with duplicate keys, and several authorization headers. Generated values only pick
 * from the pools of existing ids and codes when the request is built, so the DB may change in between.
 */

export interface RouteSpec {
  method: string;
  url: string;
  params: string[];
}

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
export const TOKEN = 'SampleToken';

/** A value from the current pools, chosen by position when the request is built. */
export class PoolPick {
  constructor(
    /** `related`: an id the API lists under the route's collection (the first path parameter only). */
    readonly pool: 'id' | 'code' | 'email' | 'emailMixedCase' | 'freshEmail' | 'related',
    readonly pick: number,
  ) {}
}

export type ParamChoice = PoolPick | { raw: string; encode: boolean };

export interface StructuredCase {
  route: RouteSpec;
  method: string;
  params: ParamChoice[];
  /** Use a (parent, child) pair of existing nested ids for the first two parameters. */
  pair: number | null;
  trailingSlash: boolean;
  query: Array<{ key: string; value: string | PoolPick; encode: boolean }>;
  authorization: string | null;
  requestId: string | null;
  body: Array<[string, unknown]> | null;
  contentType: string | null;
}

const pick = (pool: PoolPick['pool']) => fc.nat().map((n) => new PoolPick(pool, n));

/** Plausible values per known field name, so validation passes often enough to reach the services. */
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  customer: fc.oneof(pick('email'), pick('emailMixedCase')),
  channel: fc.oneof(fc.constantFrom('WEB', 'EU_WEB'), pick('code')),
  localeCode: fc.constantFrom('en_US', 'de_DE', 'fr_FR'),
  variant: fc.oneof(fc.constantFrom('MUG_SW', 'T_SHIRT_LOGO_L', 'HOODIE_L', 'CAP_WHITE', 'GIFT_CARD_50', 'OLD_MUG_DEFAULT'), pick('code')),
  quantity: fc.integer({ min: 1, max: 12 }),
  promotionCoupon: fc.constantFrom('SAVE10', null, ''),
  email: fc.oneof(pick('freshEmail'), pick('email'), pick('emailMixedCase')),
  firstName: fc.constantFrom('Fuzz', 'Zé'),
  lastName: fc.constantFrom('Tester', 'Ünlü'),
  gender: fc.constantFrom('m', 'f', 'u'),
  birthday: fc.constantFrom('1990-01-01', '2000-02-29T00:00:00+00:00', null),
  groups: fc.constantFrom(['retail'], ['wholesale', 'retail'], []),
  group: fc.constantFrom('retail', 'wholesale'),
  phoneNumber: fc.constantFrom('+1 555 0199'),
  subscribedToNewsletter: fc.boolean(),
  user: fc.record(
    { plainPassword: fc.constantFrom('secret-pass', 'abc'), enabled: fc.boolean(), authorizationRoles: fc.constantFrom(['ROLE_USER'], ['ROLE_ADMIN'], []) },
    { requiredKeys: [] },
  ),
  grant_type: fc.constantFrom('password', 'refresh_token', 'client_credentials'),
  client_id: fc.constantFrom('client_id'),
  client_secret: fc.constantFrom('secret'),
  username: fc.constantFrom('sylius', 'SYLIUS'),
  password: fc.constantFrom('sylius', 'wrong'),
  refresh_token: fc.constantFrom('SampleRefreshToken', 'nope'),
  state: fc.constantFrom('new', 'cancelled', 'fulfilled', 'completed'),
  shippingMethod: fc.constantFrom('ups', 'dhl_express'),
  paymentMethod: fc.constantFrom('cash_on_delivery', 'bank_transfer'),
  // Existing codes (taken, or the target of a reference), and new ones each catalogue form takes.
  code: fc.oneof(pick('code'), fc.constantFrom('fuzz_category', 'it_IT', 'pt_BR', 'JPY', 'GBP', 'IT', 'IT-RM')),
  name: fc.constantFrom('Fuzz category', 'Ünïcode name'),
  description: fc.constantFrom('Made by the fuzzer', null, ''),
  amount: fc.integer({ min: 0, max: 10000 }),
};
export const KNOWN_FIELDS = Object.keys(PLAUSIBLE);

const bodyEntry: fc.Arbitrary<[string, unknown]> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KNOWN_FIELDS).chain((key) => fc.tuple(fc.constant(key), fc.oneof({ weight: 3, arbitrary: PLAUSIBLE[key] }, { weight: 2, arbitrary: hostileValue }))) },
  { weight: 1, arbitrary: fc.tuple(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...PROTOTYPE_KEYS)), hostileValue) },
);

const plausibleEntry = (key: string, hostileWeight: number): fc.Arbitrary<[string, unknown]> =>
  fc.tuple(fc.constant(key), PLAUSIBLE[key] ? fc.oneof({ weight: 8, arbitrary: PLAUSIBLE[key] }, { weight: hostileWeight, arbitrary: hostileValue }) : hostileValue);

/**
 * A body as ordered entries (rendered by hand, so a key may repeat): either the route's own form
 * fields, mostly plausible and some hostile, now and then with an extra entry (so that requests get
 * through validation and reach the services), or all of them plausible, or a scatter of known, random
 * and prototype keys.
 */
function bodyFor(fields: string[] | undefined): fc.Arbitrary<Array<[string, unknown]>> {
  const scatter = fc.array(bodyEntry, { minLength: 1, maxLength: 8 });
  if (!fields || fields.length === 0) return fc.oneof({ weight: 1, arbitrary: fc.constant<Array<[string, unknown]>>([]) }, { weight: 8, arbitrary: scatter });
  const formBody = fc
    .tuple(fc.tuple(...fields.map((key) => fc.option(plausibleEntry(key, 1), { freq: 6 }))), fc.array(bodyEntry, { maxLength: 1 }), fc.boolean())
    .map(([entries, extra, withExtra]) => [...entries.filter((entry): entry is [string, unknown] => entry !== null), ...(withExtra ? extra : [])]);
  // Every field plausible and nothing else: the request most likely to succeed (a 201 is rare otherwise).
  const cleanForm = fc.tuple(...fields.map((key) => fc.tuple(fc.constant(key), PLAUSIBLE[key] ?? hostileValue)));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Array<[string, unknown]>>([]) },
    { weight: 8, arbitrary: formBody },
    { weight: 8, arbitrary: cleanForm },
    { weight: 3, arbitrary: scatter },
  );
}

const QUERY_KEYS = [
  'page', 'limit', 'paginate', 'sorting[id]', 'sorting[createdAt]', 'sorting[updatedAt]', 'sorting[total]', 'sorting[email]', 'sorting[number]',
  'sorting[nope]', 'criteria[customer]', 'criteria[channel]', 'criteria[search]', 'criteria[group]', 'criteria[state]', 'criteria[checkoutState]',
  'criteria[nope]', 'sorting', 'criteria', 'page[]', 'sorting[id][x]', 'criteria[]', 'sorting[]',
  // The catalogue's grid lists: their sorts, filters (also in the typed form) and the product list's taxon.
  'sorting[code]', 'sorting[name]', 'sorting[position]', 'sorting[priority]', 'criteria[code]', 'criteria[name]', 'criteria[enabled]',
  'criteria[couponBased]', 'criteria[search][type]', 'criteria[search][value]', 'criteria[name][type]', 'criteria[enabled][value]', 'taxonId',
];
const QUERY_VALUES = [
  '1', '2', '0', '-1', '10', '100', '101', '1000000000000', '99999999999999999999', '1.5', '1e2', ' 3 ', '+2', 'abc', '', 'asc', 'desc', 'ASC', 'Desc', 'WEB', 'retail',
  'cart', 'new', 'completed', 'true', 'false', 'mug', '%', '_', 'contains', 'not_contains', 'in', 'not_in', 'empty', 'like',
];
/** Raw (unencoded) query text, including broken percent-escapes. */
const RAW_QUERY_VALUES = ['%', '%zz', '%E0%A4%A', '%00', '%FF', '%C0%AF', 'a+b', '[x]', '%5B%5D', '&&', '=', '==1'];

const queryPart: fc.Arbitrary<StructuredCase['query'][number]> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ key: fc.constantFrom(...QUERY_KEYS), value: fc.oneof(fc.constantFrom(...QUERY_VALUES), pick('email'), pick('code'), hostileUrlText), encode: fc.constant(true) }) },
  { weight: 1, arbitrary: fc.record({ key: fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ unit: 'binary', maxLength: 12 })), value: hostileUrlText, encode: fc.constant(true) }) },
  { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...QUERY_KEYS, 'x'), value: fc.constantFrom(...RAW_QUERY_VALUES), encode: fc.constant(false) }) },
);

/**
 * One key two or three times (`?page=1&page=2`, `?access_token=x&access_token=y`): the framework hands
 * such a key over as an array, which every reader of the query must expect.
 */
const repeatedQueryKey: fc.Arbitrary<StructuredCase['query']> = fc
  .tuple(
    fc.constantFrom(...QUERY_KEYS, 'access_token', 'access_token', 'access%5ftoken'),
    fc.array(fc.oneof(fc.constantFrom(...QUERY_VALUES, TOKEN, 'x'), pick('code')), { minLength: 2, maxLength: 3 }),
    fc.array(queryPart, { maxLength: 2 }),
  )
  .map(([key, values, others]) => [...others, ...values.map((value) => ({ key, value, encode: false }))]);

const PARAM_RAW = ['0', '-1', '1.5', '1e3', '2147483647', '2147483648', '4294967296', '99999999999999999999', '0x1F', ' 1', '1 ', '+1', '00001', 'NaN', 'null', '..', '.', '%00', '%2F', 'a%2Fb', '%', '%zz', 'WEB', 'web', 'MUG_SW'];

const param: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 6, arbitrary: pick('related') },
  { weight: 2, arbitrary: pick('id') },
  { weight: 2, arbitrary: pick('code') },
  { weight: 2, arbitrary: fc.record({ raw: fc.constantFrom(...PARAM_RAW), encode: fc.constant(false) }) },
  { weight: 2, arbitrary: fc.record({ raw: fc.oneof(hostileUrlText, fc.integer().map(String)), encode: fc.constant(true) }) },
);

const basic = (credentials: string): string => `Basic ${Buffer.from(credentials).toString('base64')}`;
const AUTHORIZATIONS = [
  basic('client_id:secret'), basic('%zz:secret'), basic('client_id:%'), basic('client\u0000:x'), basic(':'), 'Basic', 'Basic !!!','Bearer', 'Bearer ', 'Bearer wrong', `bearer ${TOKEN}`, `Bearer  ${TOKEN}`, `Bearer ${TOKEN} extra`, 'Basic c3lsaXVzOnN5bGl1cw==', `Bearer ${TOKEN}x`, 'Bearer SampleRefreshToken', 'Token abc', 'x'.repeat(8000)];

const authorization = fc.oneof(
  { weight: 12, arbitrary: fc.constant(`Bearer ${TOKEN}`) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constantFrom(...AUTHORIZATIONS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')) },
);

export const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/merge-patch+json',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16',
  '*/*', 'application/octet-stream', 'application/json, text/plain', 'json', '',
];

/** `formFields`: each route's form fields by `METHOD url` (see discoverFormFields). */
export function structuredCase(routes: RouteSpec[], formFields: Map<string, string[]>): fc.Arbitrary<StructuredCase> {
  return fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') }),
      params: fc.tuple(...route.params.map(() => param)),
      pair: route.params.length >= 2 ? fc.option(fc.nat(), { freq: 4 }) : fc.constant(null),
      trailingSlash: fc.boolean(),
      query: fc.oneof({ weight: 5, arbitrary: fc.array(queryPart, { maxLength: 4 }) }, { weight: 1, arbitrary: repeatedQueryKey }),
      authorization,
      requestId: fc.option(fc.oneof(fc.constantFrom('abc-123', 'x'.repeat(129), 'a b', '../x'), fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))), { freq: 8 }),
      body: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary: bodyFor(formFields.get(`${route.method} ${route.url}`)) }),
      contentType: fc.oneof({ weight: 10, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
    }),
  );
}

const mixCase = (text: string, seed: number): string =>
  [...text].map((c, i) => (((seed >> (i % 16)) & 1) === 1 ? c.toUpperCase() : c.toLowerCase())).join('');

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes any string; a lone surrogate (not encodable in a URL) becomes U+FFFD. */
const encode = (text: string): string => encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));

let freshEmails = 0;

/** The value a pool pick stands for in the current database. */
function resolvePick(value: PoolPick, pools: Pools, route?: RouteSpec): string | number {
  const from = <T>(list: T[], fallback: T): T => (list.length === 0 ? fallback : list[value.pick % list.length]);
  switch (value.pool) {
    case 'related': {
      const listed = route ? pools.learned.firstParam.get(collectionOf(route.url)) : undefined;
      return listed ? from(listed, '1') : from(pools.ids, 1);
    }
    case 'id':
      return from(pools.ids, 1);
    case 'code':
      return from(pools.codes, 'WEB');
    case 'email':
      return from(pools.emails, 'nobody@example.com');
    case 'emailMixedCase':
      return mixCase(from(pools.emails, 'nobody@example.com'), value.pick);
    case 'freshEmail':
      freshEmails += 1;
      return `fuzz.${process.pid}.${freshEmails}@Example.com`;
  }
}

/** JSON text of a value whose pool picks are resolved against the current database. */
function renderJson(value: unknown, pools: Pools): string {
  return JSON.stringify(value, (_key, inner: unknown) => (inner instanceof PoolPick ? resolvePick(inner, pools) : inner));
}

export function renderBody(entries: Array<[string, unknown]>, pools: Pools): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${renderJson(value, pools) ?? 'null'}`).join(',')}}`;
}

function renderParam(choice: ParamChoice, pools: Pools, route: RouteSpec): string {
  if (choice instanceof PoolPick) return encode(String(resolvePick(choice, pools, route)));
  return choice.encode ? encode(choice.raw) : choice.raw;
}

export function renderPath(route: RouteSpec, params: ParamChoice[], pair: number | null, pools: Pools, trailingSlash: boolean): string {
  const values = params.map((choice) => renderParam(choice, pools, route));
  const listed = pools.learned.pairs.get(route.url) ?? [];
  const pairs: Array<[string | number, string | number]> = listed.length > 0 ? listed : pools.pairs;
  if (pair !== null && pairs.length > 0) {
    const [parent, child] = pairs[pair % pairs.length];
    values[0] = encode(String(parent));
    values[1] = encode(String(child));
  }
  let index = 0;
  const path = route.url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? values[index++] : segment))
    .join('/')
    .replace(/\/+$/, '');
  return trailingSlash ? `${path}/` : path;
}

export function renderQuery(query: StructuredCase['query'], pools: Pools): string {
  if (query.length === 0) return '';
  const parts = query.map(({ key, value, encode: escape }) => {
    const text = value instanceof PoolPick ? String(resolvePick(value, pools)) : value;
    return escape ? `${encode(key)}=${encode(text)}` : `${key}=${text}`;
  });
  return `?${parts.join('&')}`;
}
