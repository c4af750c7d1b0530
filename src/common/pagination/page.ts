import { pageNotFound } from '../errors/api-error';
import type { PageRequest } from './page-request';

interface Link {
  href: string;
}

export interface PageEnvelope<T> {
  page: number;
  limit: number;
  pages: number;
  total: number;
  _links: { self: Link; first: Link; last: Link; next?: Link; previous?: Link };
  _embedded: { items: T[] };
}

/** Encodes like PHP's http_build_query, so brackets come out as %5B / %5D. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function pageHref(path: string, carriedQuery: Array<[string, string]>, page: number, limit: number): string {
  const parts = carriedQuery.map(([key, value]) => `${encode(key)}=${encode(value)}`);
  parts.push(`page=${page}`, `limit=${limit}`);
  return `${path}?${parts.join('&')}`;
}

/** Number of pages for a total: an empty list is still page 1 of 1. */
function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

type Paging = Pick<PageRequest<string, string>, 'page' | 'limit' | 'carriedQuery' | 'pastLastPage'>;

/**
 * The page answered for a total: the one asked for, or for a page past the last one either a 404 (before
 * the page's rows are loaded when there is a separate count) or the last page.
 */
function answeredPage(request: Paging, total: number): number {
  const pages = pageCount(total, request.limit);
  if (request.page <= pages) return request.page;
  if (request.pastLastPage === 'lastPage') return pages;
  throw pageNotFound();
}

/** The rows one page covers, in the order the request sorts them. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * The same rows as `window` of a list of `total` rows, counted from its end when they lie in its second
 * half: read in the reverse order with this offset and limit, then reversed, so a last page under an index
 * costs what a first page does instead of stepping over every row before it. Null when the window is best
 * read as it is.
 */
export function fromTheEnd(window: PageWindow, total: number): PageWindow | null {
  if (window.offset <= total / 2) return null;
  const limit = Math.max(0, Math.min(window.limit, total - window.offset));
  return { limit, offset: Math.max(0, total - window.offset - limit) };
}

/**
 * Where a list's page comes from: either a count, then (unless the list is empty) a read of the page's
 * window; or one read that answers the window and the total together.
 */
export type PageSource<T> =
  | { count: () => Promise<number>; read: (window: PageWindow, total: number) => Promise<T[]> }
  | { readWithTotal: (window: PageWindow) => Promise<{ total: number; items: T[] }> };

/**
 * One page of a list, the only paging path: reads the request's window from `source`, answers a page
 * past the last one with a 404 (before its rows are read when there is a separate count), then wraps
 * the items in the envelope with its links.
 */
export async function readPage<T>(path: string, request: Paging, source: PageSource<T>): Promise<PageEnvelope<T>> {
  const windowOf = (page: number) => ({ limit: request.limit, offset: (page - 1) * request.limit });
  if ('readWithTotal' in source) {
    const { total, items } = await source.readWithTotal(windowOf(request.page));
    const page = answeredPage(request, total);
    // Past the end of a list that answers with its last page: that page is read again (a rare request).
    const answered = page === request.page ? items : (await source.readWithTotal(windowOf(page))).items;
    return buildPage(path, request, page, total, answered);
  }
  const total = await source.count();
  const page = answeredPage(request, total);
  return buildPage(path, request, page, total, total === 0 ? [] : await source.read(windowOf(page), total));
}

function buildPage<T>(path: string, request: Paging, page: number, total: number, items: T[]): PageEnvelope<T> {
  const { limit, carriedQuery } = request;
  const pages = pageCount(total, limit);
  const href = (n: number): Link => ({ href: pageHref(path, carriedQuery, n, limit) });
  const links: PageEnvelope<T>['_links'] = { self: href(page), first: href(1), last: href(pages) };
  if (page < pages) links.next = href(page + 1);
  if (page > 1) links.previous = href(page - 1);
  return { page, limit, pages, total, _links: links, _embedded: { items } };
}
