import { ApiError } from '../errors/api-error';
import { fromTheEnd, pageHref, readPage } from './page';
import { GRID_PAGING, parsePageRequest, parsePagingRequest, type ListSpec, type PastLastPage } from './page-request';

const spec: ListSpec<'id' | 'email' | 'lastName', 'search'> = { sortable: ['id', 'email', 'lastName'], defaultSort: ['id', 'desc'], criteria: ['search'] };

function errorOf(fn: () => unknown): { status: number; body: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parsePagingRequest (plain lists)', () => {
  it('reads the paging as every list does and carries everything else, sorting and filters included, as sent', () => {
    expect(parsePagingRequest('sorting[nope]=up&page=2&criteria[x]=1&paginate=3&foo=bar')).toEqual({
      page: 2,
      limit: 3,
      carriedQuery: [['sorting[nope]', 'up'], ['criteria[x]', '1'], ['foo', 'bar']],
      pastLastPage: 'notFound',
    });
    expect(parsePagingRequest('limit=1000')).toEqual({ page: 1, limit: 100, carriedQuery: [], pastLastPage: 'notFound' });
  });

  it.each(['page=0', 'limit=0', 'limit=x'])('answers 404 Page Not Found for "%s"', (query) => {
    expect(errorOf(() => parsePagingRequest(query))).toEqual({ status: 404, body: { code: 404, message: 'Page Not Found' } });
  });
});

describe('parsePageRequest', () => {
  it.each([
    ['', 1, 10],
    ['page=2', 2, 10],
    ['limit=5', 1, 5],
    ['paginate=7', 1, 7],
    ['paginate=7&limit=3', 1, 3],
    ['limit=3&paginate=7', 1, 3],
    ['limit=1000', 1, 100],
    ['page=+3&limit= 4', 3, 4],
  ])('reads "%s" as page %i, limit %i', (query, page, limit) => {
    const request = parsePageRequest(query, spec);
    expect([request.page, request.limit]).toEqual([page, limit]);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'page=1.5', 'limit=0', 'limit=-5', 'limit=abc', 'paginate=0', 'page=99999999999999999999'])(
    'answers 404 Page Not Found for "%s"',
    (query) => {
      expect(errorOf(() => parsePageRequest(query, spec))).toEqual({ status: 404, body: { code: 404, message: 'Page Not Found' } });
    },
  );

  it('defaults the sort and always ends with id', () => {
    expect(parsePageRequest('', spec).sorting).toEqual([['id', 'desc']]);
    expect(parsePageRequest('sorting[lastName]=asc', spec).sorting).toEqual([['lastName', 'asc'], ['id', 'asc']]);
    expect(parsePageRequest('sorting[email]=DESC&sorting[id]=asc', spec).sorting).toEqual([['email', 'desc'], ['id', 'asc']]);
  });

  it('reads criteria and rejects unknown fields and directions with 400 naming the allowed ones', () => {
    expect(parsePageRequest('criteria[search]=doe', spec).criteria).toEqual({ search: 'doe' });
    expect(errorOf(() => parsePageRequest('sorting[password]=asc', spec))).toEqual({
      status: 400,
      body: { code: 400, message: 'Unknown sorting field "password". Allowed: id, email, lastName.' },
    });
    expect(errorOf(() => parsePageRequest('sorting[email]=up', spec))).toEqual({
      status: 400,
      body: { code: 400, message: 'Invalid sorting direction "up" for "email". Allowed: asc, desc.' },
    });
    expect(errorOf(() => parsePageRequest('criteria[state]=new', spec))).toEqual({
      status: 400,
      body: { code: 400, message: 'Unknown filter "state". Allowed: search.' },
    });
  });

  it('keeps the other query parameters in their order for links', () => {
    const request = parsePageRequest('sorting%5BlastName%5D=asc&page=2&foo=b%20c&limit=5', spec);
    expect(request.carriedQuery).toEqual([['sorting[lastName]', 'asc'], ['foo', 'b c']]);
    expect(pageHref('/api/v1/customers/', request.carriedQuery, 2, 5)).toBe('/api/v1/customers/?sorting%5BlastName%5D=asc&foo=b%20c&page=2&limit=5');
  });
});

describe('readPage', () => {
  const request = (page: number, limit: number, pastLastPage: PastLastPage = 'notFound') => ({ page, limit, carriedQuery: [] as Array<[string, string]>, pastLastPage });
  const href = (page: number, limit: number) => ({ href: `/api/v1/carts/?page=${page}&limit=${limit}` });
  const never = () => Promise.reject(new Error('read when nothing was to be read'));

  it('answers an empty list as page 1 of 1 without reading rows', async () => {
    expect(await readPage('/api/v1/carts/', request(1, 10), { count: () => Promise.resolve(0), read: never })).toEqual({
      page: 1,
      limit: 10,
      pages: 1,
      total: 0,
      _links: { self: href(1, 10), first: href(1, 10), last: href(1, 10) },
      _embedded: { items: [] },
    });
  });

  it('reads the window of the page and links next and previous in the middle, in the contract key order', async () => {
    const windows: unknown[] = [];
    const read = (window: unknown) => {
      windows.push(window);
      return Promise.resolve(['c', 'd']);
    };
    const page = await readPage('/api/v1/carts/', request(2, 2), { count: () => Promise.resolve(5), read });
    expect(windows).toEqual([{ limit: 2, offset: 2 }]);
    expect(JSON.stringify(page)).toBe(
      JSON.stringify({
        page: 2,
        limit: 2,
        pages: 3,
        total: 5,
        _links: { self: href(2, 2), first: href(1, 2), last: href(3, 2), next: href(3, 2), previous: href(1, 2) },
        _embedded: { items: ['c', 'd'] },
      }),
    );
  });

  it('answers a page past the last one with a 404, before reading it when there is a count', async () => {
    await expect(readPage('/api/v1/carts/', request(4, 2), { count: () => Promise.resolve(5), read: never })).rejects.toBeInstanceOf(ApiError);
    const readWithTotal = () => Promise.resolve({ total: 5, items: [] });
    await expect(readPage('/api/v1/carts/', request(4, 2), { readWithTotal })).rejects.toBeInstanceOf(ApiError);
  });

  it('answers a page past the last one of a grid list with the last page, read once when counted first', async () => {
    const windows: unknown[] = [];
    const read = (window: unknown) => {
      windows.push(window);
      return Promise.resolve(['e']);
    };
    const page = await readPage('/api/v1/carts/', request(9, 2, 'lastPage'), { count: () => Promise.resolve(5), read });
    expect(windows).toEqual([{ limit: 2, offset: 4 }]);
    expect(page).toEqual(expect.objectContaining({ page: 3, pages: 3, _links: { self: href(3, 2), first: href(1, 2), last: href(3, 2), previous: href(2, 2) } }));
    const totals: unknown[] = [];
    const readWithTotal = (window: { offset: number }) => {
      totals.push(window);
      return Promise.resolve({ total: 5, items: window.offset === 4 ? ['e'] : [] });
    };
    expect((await readPage('/api/v1/carts/', request(9, 2, 'lastPage'), { readWithTotal }))._embedded.items).toEqual(['e']);
    expect(totals).toEqual([{ limit: 2, offset: 16 }, { limit: 2, offset: 4 }]);
  });
});

describe('grid paging', () => {
  const grid: ListSpec<'code', never> = { sortable: ['code'], defaultSort: ['code', 'asc'], criteria: [], ...GRID_PAGING };

  it('caps the page size at 50 and keeps the last page', () => {
    expect(parsePageRequest('limit=51', grid)).toEqual(expect.objectContaining({ limit: 50, pastLastPage: 'lastPage' }));
    expect(parsePageRequest('limit=51', spec)).toEqual(expect.objectContaining({ limit: 51, pastLastPage: 'notFound' }));
  });

  it('names no allowed field when a list takes no sorting', () => {
    const unsorted: ListSpec<never, never> = { sortable: [], defaultSort: ['id', 'asc'], criteria: [] };
    expect(errorOf(() => parsePageRequest('sorting%5Bname%5D=asc', unsorted))).toEqual({ status: 400, body: { code: 400, message: 'Unknown sorting field "name". Allowed: none.' } });
  });
});

describe('fromTheEnd', () => {
  it.each([
    [{ limit: 10, offset: 0 }, 95, null],
    [{ limit: 10, offset: 40 }, 95, null],
    [{ limit: 10, offset: 50 }, 95, { limit: 10, offset: 35 }],
    [{ limit: 10, offset: 90 }, 95, { limit: 5, offset: 0 }],
    [{ limit: 10, offset: 80 }, 90, { limit: 10, offset: 0 }],
  ])('reads %j of %i rows from the end as %j', (window, total, expected) => {
    expect(fromTheEnd(window, total)).toEqual(expected);
  });
});
