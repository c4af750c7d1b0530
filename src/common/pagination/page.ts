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

/** Rejects a page past the last one before the page's rows are loaded. */
function assertPageExists(request: Pick<PageRequest<string, string>, 'page' | 'limit'>, total: number): void {
  if (request.page > pageCount(total, request.limit)) throw pageNotFound();
}

/** The rows one page covers, in the order the request sorts them. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * Where a list's page comes from: either a count, then (unless the list is empty) a read of the page's
 * window; or one read that answers the window and the total together.
 */
export type PageSource<T> =
  | { count: () => Promise<number>; read: (window: PageWindow) => Promise<T[]> }
  | { readWithTotal: (window: PageWindow) => Promise<{ total: number; items: T[] }> };

/**
 * One page of a list, the only paging path: reads the request's window from `source`, answers a page
 * past the last one with a 404 (before its rows are read when there is a separate count), then wraps
 * the items in the envelope with its links.
 */
export async function readPage<T>(
  path: string,
  request: Pick<PageRequest<string, string>, 'page' | 'limit' | 'carriedQuery'>,
  source: PageSource<T>,
): Promise<PageEnvelope<T>> {
  const window = { limit: request.limit, offset: (request.page - 1) * request.limit };
  if ('readWithTotal' in source) {
    const { total, items } = await source.readWithTotal(window);
    assertPageExists(request, total);
    return buildPage(path, request, total, items);
  }
  const total = await source.count();
  assertPageExists(request, total);
  return buildPage(path, request, total, total === 0 ? [] : await source.read(window));
}

function buildPage<T>(
  path: string,
  request: Pick<PageRequest<string, string>, 'page' | 'limit' | 'carriedQuery'>,
  total: number,
  items: T[],
): PageEnvelope<T> {
  const { page, limit, carriedQuery } = request;
  const pages = pageCount(total, limit);
  const href = (n: number): Link => ({ href: pageHref(path, carriedQuery, n, limit) });
  const links: PageEnvelope<T>['_links'] = { self: href(page), first: href(1), last: href(pages) };
  if (page < pages) links.next = href(page + 1);
  if (page > 1) links.previous = href(page - 1);
  return { page, limit, pages, total, _links: links, _embedded: { items } };
}
