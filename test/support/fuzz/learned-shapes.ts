import type { RouteSpec } from './fuzz-requests';

/**
 * What the fuzzer learns from the application itself, so endpoints added later need no list here:
 * - the ids (or codes) each collection lists, used for the first path parameter below it
 *   (`GET /api/v1/carts/` → ids for `/api/v1/carts/:id` and `/api/v1/carts/:cartId/items`);
 * - the children a parent resource embeds under the segment name, for the second parameter
 *   (`GET /api/v1/carts/5` → `items[].id` for `/api/v1/carts/:cartId/items/:itemId`), or else lists
 *   there (`GET /api/v1/promotions/p/coupons/` for `/api/v1/promotions/:promotionCode/coupons/:code`);
 * - the fields of each form, from the 400 an empty body gets (`errors.children`).
 */

export type Fetch = (method: string, url: string, payload?: string) => Promise<{ status: number; body: string }>;

export interface LearnedIds {
  /** Path values for the first parameter of routes under each collection url. */
  firstParam: Map<string, string[]>;
  /** (first, second) path values for routes with two parameters, by route url. */
  pairs: Map<string, Array<[string, string]>>;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * The path value an item is addressed by under `base`: the segment its self link has there (a code for
 * products, an id for carts), else its id or code.
 */
const pathValue =
  (base: string) =>
  (item: unknown): string | null => {
    if (!isObject(item)) return null;
    const self = isObject(item._links) && isObject(item._links.self) ? item._links.self.href : undefined;
    if (typeof self === 'string' && self.startsWith(`${base}/`)) {
      const [segment] = self.slice(base.length + 1).split('/');
      if (segment !== '') return decodeURIComponent(segment);
    }
    if (typeof item.id === 'number' || typeof item.id === 'string') return String(item.id);
    return typeof item.code === 'string' ? item.code : null;
  };

/** `/api/v1/carts/:cartId/items/:itemId` → `/api/v1/carts` */
export const collectionOf = (url: string): string => url.split('/:')[0].replace(/\/+$/, '');

export async function learnIds(routes: RouteSpec[], fetch: Fetch): Promise<LearnedIds> {
  const firstParam = new Map<string, string[]>();
  for (const route of routes) {
    if (route.method !== 'GET' || route.params.length > 0) continue;
    const response = await fetch('GET', `${route.url.replace(/\/+$/, '')}/?limit=100`);
    const embedded = parse(response.body);
    const items = isObject(embedded) && isObject(embedded._embedded) && Array.isArray(embedded._embedded.items) ? embedded._embedded.items : [];
    const collection = route.url.replace(/\/+$/, '');
    const values = items.map(pathValue(collection)).filter((value): value is string => value !== null);
    if (values.length > 0) firstParam.set(collection, values);
  }

  const pairs = new Map<string, Array<[string, string]>>();
  for (const route of routes) {
    const segments = route.url.split('/');
    const paramPositions = segments.flatMap((segment, index) => (segment.startsWith(':') ? [index] : []));
    if (paramPositions.length !== 2 || paramPositions[1] !== paramPositions[0] + 2 || pairs.has(route.url)) continue;
    const childKey = segments[paramPositions[0] + 1];
    const parentUrl = segments.slice(0, paramPositions[0]).join('/');
    const found: Array<[string, string]> = [];
    for (const parent of (firstParam.get(parentUrl) ?? []).slice(0, 25)) {
      const childUrl = `${parentUrl}/${encodeURIComponent(parent)}/${childKey}`;
      const body = parse((await fetch('GET', `${parentUrl}/${encodeURIComponent(parent)}`)).body);
      let children: unknown[] = isObject(body) && Array.isArray(body[childKey]) ? body[childKey] : [];
      // A parent that does not embed its children may list them (a promotion's coupons).
      if (children.length === 0) {
        const list = parse((await fetch('GET', `${childUrl}/?limit=100`)).body);
        children = isObject(list) && isObject(list._embedded) && Array.isArray(list._embedded.items) ? list._embedded.items : [];
      }
      for (const child of children.map(pathValue(childUrl))) if (child !== null) found.push([parent, child]);
    }
    pairs.set(route.url, found);
  }
  return { firstParam, pairs };
}

/** The form fields a route reports for an empty body (and for one with a `user` object), or null. */
export async function discoverFormFields(route: RouteSpec, url: string, fetch: Fetch): Promise<string[] | null> {
  const fields = new Set<string>();
  for (const probe of ['{}', '{"user":{"plainPassword":1}}']) {
    const response = await fetch(route.method, url, probe);
    const body = parse(response.body);
    if (response.status !== 400 || !isObject(body) || !isObject(body.errors) || !isObject(body.errors.children)) continue;
    for (const field of Object.keys(body.errors.children)) fields.add(field);
  }
  return fields.size > 0 ? [...fields] : null;
}
