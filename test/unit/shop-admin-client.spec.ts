import { createShopAdminClient, errorFamilyOf, ShopApiError } from '../../clients/typescript/src';

/**
 * The client's own mechanics over a scripted fetch: which headers it sends, how it reads answers the
 * API never gives (the e2e flow in test/e2e/client-checkout.e2e-spec.ts covers the real ones).
 */
type Scripted = { status: number; body?: unknown; text?: string };

function scriptedFetch(answers: Scripted[]) {
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: string }> = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers), body: await request.text() });
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`no answer scripted for ${request.method} ${request.url}`);
    const text = answer.text ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
    return new Response(answer.status === 204 ? null : text, { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, sent };
}

const page = (number: number, pages: number, ids: number[]) => ({
  page: number,
  limit: 2,
  pages,
  total: 3,
  _links: {
    self: { href: `/api/v1/customers/?criteria%5Bsearch%5D=a&page=${number}&limit=2` },
    first: { href: '/api/v1/customers/?criteria%5Bsearch%5D=a&page=1&limit=2' },
    last: { href: `/api/v1/customers/?criteria%5Bsearch%5D=a&page=${pages}&limit=2` },
    ...(number < pages && { next: { href: `/api/v1/customers/?criteria%5Bsearch%5D=a&page=${number + 1}&limit=2` } }),
  },
  _embedded: { items: ids.map((id) => ({ id, email: `${id}@example.com`, _links: { self: { href: `/api/v1/customers/${id}` } } })) },
});

describe('the TypeScript client (clients/typescript)', () => {
  it('sends the token from getToken on API calls, none to the token endpoint, and the Idempotency-Key on request', async () => {
    const { fetch, sent } = scriptedFetch([{ status: 204 }, { status: 400, body: { code: 400, message: 'Invalid json message received' } }, { status: 201, body: { id: 4 } }]);
    let calls = 0;
    const shop = createShopAdminClient({ baseUrl: 'http://api.test/', getToken: () => `token-${++calls}`, fetch });

    await shop.DELETE('/api/v1/carts/{id}', { params: { path: { id: 7 } } });
    await shop.POST('/api/oauth/v2/token', { body: { grant_type: 'password', client_id: 'c', client_secret: 's', username: 'u', password: 'p' } });
    await shop.POST('/api/v1/carts/', { body: { customer: 'a@b.c', channel: 'WEB', localeCode: 'en_US' }, idempotencyKey: 'key-1' });

    expect(sent.map(({ method, url, headers }) => [method, url, headers.authorization, headers['idempotency-key']])).toEqual([
      ['DELETE', 'http://api.test/api/v1/carts/7', 'Bearer token-1', undefined],
      ['POST', 'http://api.test/api/oauth/v2/token', undefined, undefined],
      ['POST', 'http://api.test/api/v1/carts/', 'Bearer token-2', 'key-1'],
    ]);
    expect(JSON.parse(sent[2].body)).toEqual({ customer: 'a@b.c', channel: 'WEB', localeCode: 'en_US' });
  });

  it('keeps an Authorization header the call sets itself', async () => {
    const { fetch, sent } = scriptedFetch([{ status: 200, body: { id: 1 } }]);
    const shop = createShopAdminClient({ baseUrl: 'http://api.test', token: 'default', fetch });
    await shop.GET('/api/v1/carts/{id}', { params: { path: { id: 1 } }, headers: { Authorization: 'Bearer other' } });
    expect(sent[0].headers.authorization).toBe('Bearer other');
  });

  it('sorts error bodies into their family; anything else is unexpected', async () => {
    expect(errorFamilyOf({ code: 400, message: 'Validation Failed', errors: { children: {} } })).toBe('validation');
    expect(errorFamilyOf({ error: 'access_denied', error_description: 'OAuth2 authentication required' })).toBe('oauth');
    expect(errorFamilyOf({ code: 404, message: 'The "cart" has not been found' })).toBe('message');
    expect([errorFamilyOf('<html>Bad gateway</html>'), errorFamilyOf(null), errorFamilyOf([]), errorFamilyOf({ code: '404' })]).toEqual(['unexpected', 'unexpected', 'unexpected', 'unexpected']);

    const { fetch } = scriptedFetch([{ status: 502, text: '<html>Bad gateway</html>' }]);
    const shop = createShopAdminClient({ baseUrl: 'http://api.test', token: 't', fetch });
    const answer = await shop.GET('/api/v1/carts/{id}', { params: { path: { id: 1 } } });
    expect({ ok: answer.ok, status: answer.status, error: answer.ok ? null : answer.error }).toEqual({
      ok: false,
      status: 502,
      error: { family: 'unexpected', body: '<html>Bad gateway</html>' },
    });
  });

  it('follows _links.next (its query included) through every page, and throws the error answer of a page', async () => {
    const { fetch, sent } = scriptedFetch([{ status: 200, body: page(1, 2, [1, 2]) }, { status: 200, body: page(2, 2, [3]) }]);
    const shop = createShopAdminClient({ baseUrl: 'http://api.test', token: 't', fetch });
    const ids = [];
    for await (const customer of shop.items('/api/v1/customers/', { params: { query: { limit: 2, criteria: { search: 'a' } } } })) ids.push(customer.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(sent.map(({ url }) => decodeURIComponent(url))).toEqual([
      'http://api.test/api/v1/customers/?limit=2&criteria[search]=a',
      'http://api.test/api/v1/customers/?criteria[search]=a&page=2&limit=2',
    ]);

    const failing = scriptedFetch([{ status: 200, body: page(1, 2, [1, 2]) }, { status: 404, body: { code: 404, message: 'Page Not Found' } }]);
    const pages = createShopAdminClient({ baseUrl: 'http://api.test', token: 't', fetch: failing.fetch }).pages('/api/v1/customers/');
    expect((await pages.next()).value).toEqual(page(1, 2, [1, 2]));
    const thrown = await pages.next().then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(ShopApiError);
    expect({ ...(thrown as ShopApiError) }).toEqual({
      name: 'ShopApiError',
      status: 404,
      error: { family: 'message', body: { code: 404, message: 'Page Not Found' } },
      url: '/api/v1/customers/?criteria%5Bsearch%5D=a&page=2&limit=2',
    });
  });
});
