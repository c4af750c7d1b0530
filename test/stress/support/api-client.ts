import { createShopAdminClient, type ShopAdminClient } from '../../../clients/typescript/src';

export interface ApiResponse {
  status: number;
  text: string;
  /** The parsed JSON body; undefined for an empty body. */
  body: unknown;
}

/** A request the server may take long to answer under load is given up after this long. */
const REQUEST_TIMEOUT_MS = 120_000;

type AnyRequest = (method: string, path: string, init: { body?: unknown; parseAs: 'text' }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * One server's API through the repository's typed client (`clients/typescript`, global fetch with
 * keep-alive): `shop` for typed calls, `request` for any method and concrete path. Network failures
 * reject (the crash test relies on that); HTTP error statuses do not.
 */
export class ApiClient {
  readonly shop: ShopAdminClient;
  private readonly closing = new AbortController();

  constructor(
    readonly baseUrl: string,
    token = 'SampleToken',
  ) {
    const signal = (): AbortSignal => AbortSignal.any([this.closing.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
    this.shop = createShopAdminClient({ baseUrl, token, fetch: (request) => fetch(request, { signal: signal() }) });
  }

  /** The body is read as text, so that what is not JSON can be reported as such. */
  async request(method: string, path: string, payload?: unknown): Promise<ApiResponse> {
    const answer = await (this.shop.raw.request as unknown as AnyRequest)(method, path, { body: payload, parseAs: 'text' });
    const status = answer.response.status;
    // openapi-fetch parses error bodies itself (leaving text that is no JSON as it is), success bodies as asked.
    if (!answer.response.ok) {
      if (answer.error === undefined || answer.error === '') return { status, text: '', body: undefined };
      if (typeof answer.error === 'string') throw new Error(`${method} ${path}: ${status} with a body that is not JSON: ${answer.error.slice(0, 200)}`);
      return { status, text: JSON.stringify(answer.error), body: answer.error };
    }
    const text = typeof answer.data === 'string' ? answer.data : '';
    try {
      return { status, text, body: text === '' ? undefined : JSON.parse(text) };
    } catch {
      throw new Error(`${method} ${path}: ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
  }

  /** Gives up the requests still waiting for an answer. */
  close(): void {
    this.closing.abort();
  }
}
