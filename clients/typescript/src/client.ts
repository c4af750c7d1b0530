import createClient, { type Client, type ClientPathsWithMethod, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import { ShopApiError, toResult, type ApiResult } from './results';
import type { paths } from './schema';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type RawClient = Client<paths, 'application/json'>;

/** The API's paths that answer `M`. */
export type PathsWith<M extends Method> = ClientPathsWithMethod<RawClient, M>;

// As openapi-fetch: the options argument is required exactly when the operation has a required parameter or body.
type RequiredKeysOfHelper<T> = { [K in keyof T]: object extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type InitArgs<Init> = RequiredKeysOf<Init> extends never ? [init?: Init] : [init: Init];

export interface IdempotencyOption {
  /**
   * Sent as the `Idempotency-Key` header: a retry with the same key and the same request gets the
   * first answer again (with `Idempotent-Replayed: true`) instead of acting twice.
   */
  idempotencyKey?: string;
}

// openapi-fetch's own methods read the operation the same way (their `paths` constraint drops the `?: never` methods).
type Operation<Path extends PathsWith<M>, M extends Method> = Extract<paths[Path][M], Record<string | number, unknown>>;

type Call<M extends Method, Extra = unknown> = <Path extends PathsWith<M>, Init extends MaybeOptionalInit<paths[Path], M>>(
  path: Path,
  ...init: InitArgs<Init & Extra>
) => Promise<ApiResult<FetchResponse<Operation<Path, M>, Init, 'application/json'>>>;

type OkBody<Path extends PathsWith<'get'>> = paths[Path]['get'] extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

/** The list paths: their GET answers a page (`_embedded.items`, `_links.next`). */
export type PagePath = { [Path in PathsWith<'get'>]: OkBody<Path> extends { _embedded: { items: unknown[] } } ? Path : never }[PathsWith<'get'>];
export type PageOf<Path extends PagePath> = OkBody<Path>;
export type ItemOf<Path extends PagePath> = OkBody<Path> extends { _embedded: { items: Array<infer Item> } } ? Item : never;

export interface ShopAdminClientOptions {
  /** Where the API is, e.g. `http://127.0.0.1:8000` (the paths start with `/api/...`). */
  baseUrl: string;
  /** An access token, sent as `Authorization: Bearer …` on every request but the token endpoint's. */
  token?: string;
  /** Asked for the token before each request instead (e.g. to refresh an expired one). */
  getToken?: () => string | undefined | Promise<string | undefined>;
  /** The fetch to use; the global one by default (tests pass one over Fastify's `inject`). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export interface ShopAdminClient {
  GET: Call<'get'>;
  POST: Call<'post', IdempotencyOption>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
  /** Every page of a list, following `_links.next` from the first one; an error answer throws a `ShopApiError`. */
  pages<Path extends PagePath>(path: Path, ...init: InitArgs<MaybeOptionalInit<paths[Path], 'get'>>): AsyncGenerator<PageOf<Path>, void, undefined>;
  /** Every item of a list, page after page. */
  items<Path extends PagePath>(path: Path, ...init: InitArgs<MaybeOptionalInit<paths[Path], 'get'>>): AsyncGenerator<ItemOf<Path>, void, undefined>;
  /** The underlying openapi-fetch client: its `{data, error, response}` answers and its middleware (`raw.use`). */
  raw: RawClient;
}

const TOKEN_PATH = '/api/oauth/v2/token';

interface LooseInit {
  params?: { header?: Record<string, unknown> } & Record<string, unknown>;
  idempotencyKey?: string;
  [option: string]: unknown;
}
type LooseCall = (path: string, init?: LooseInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A typed client of the API: every call answers an `ApiResult`, never throws for an HTTP error status. */
export function createShopAdminClient(options: ShopAdminClientOptions): ShopAdminClient {
  const raw = createClient<paths, 'application/json'>({ baseUrl: options.baseUrl, fetch: options.fetch, headers: options.headers });
  raw.use({
    async onRequest({ request, schemaPath }) {
      if (schemaPath === TOKEN_PATH || request.headers.has('authorization')) return undefined;
      const token = options.getToken ? await options.getToken() : options.token;
      if (token !== undefined) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });

  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    async (path: string, init: LooseInit = {}) => {
      const { idempotencyKey, ...rest } = init;
      const withKey = idempotencyKey === undefined ? rest : { ...rest, params: { ...rest.params, header: { ...rest.params?.header, 'Idempotency-Key': idempotencyKey } } };
      return toResult(await (raw[method] as LooseCall)(path, withKey));
    };
  const get = call('GET');

  async function* pages(path: string, init: LooseInit = {}): AsyncGenerator<unknown, void, undefined> {
    let url = path;
    let result = await get(url, init);
    // The next pages' links carry the query (filters, sorting, limit) themselves.
    const { params: _firstPageOnly, ...following } = init;
    for (;;) {
      if (!result.ok) throw new ShopApiError(result.status, result.error, url);
      const page = result.data as unknown as { _links?: { next?: { href?: string } } };
      yield page;
      const next = page._links?.next?.href;
      if (next === undefined) return;
      url = next;
      result = await get(url, following);
    }
  }
  async function* items(path: string, init?: LooseInit): AsyncGenerator<unknown, void, undefined> {
    for await (const page of pages(path, init)) yield* (page as { _embedded: { items: unknown[] } })._embedded.items;
  }

  return {
    GET: get,
    POST: call('POST'),
    PUT: call('PUT'),
    PATCH: call('PATCH'),
    DELETE: call('DELETE'),
    pages,
    items,
    raw,
  } as unknown as ShopAdminClient;
}
