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
export function assertPageExists(request: Pick<PageRequest<string, string>, 'page' | 'limit'>, total: number): void {
  if (request.page > pageCount(total, request.limit)) throw pageNotFound();
}

export function buildPage<T>(
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
