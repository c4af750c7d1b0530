import type { TestApp } from './test-app';

/** Any origin: requests never leave the process. */
export const INJECT_BASE_URL = 'http://shop.test';

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch that answers through the test app's `inject` (the real HTTP stack, no socket), so the typed
 * client runs against the e2e app and every answer still goes through the OpenAPI contract check.
 */
export function injectFetch(t: TestApp): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const payload = request.body === null ? undefined : await request.text();
    const reply = await t.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload !== undefined && { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, String(one));
    }
    return new Response(NULL_BODY_STATUSES.has(reply.statusCode) ? null : reply.body, { status: reply.statusCode, headers });
  };
}
