import { badRequest, pageNotFound } from '../errors/api-error';
import { integerRange } from '../forms/integer-range';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The page size the reference's grids (products, variants, promotions, taxons) cap at. */
const GRID_MAX_PAGE_SIZE = 50;

/**
 * What `page` and the page size take (they make the query's OFFSET and LIMIT, which are bigint); a page
 * size above MAX_PAGE_SIZE is capped, anything outside the range is a page that is not there.
 */
export const PAGING_RANGE = integerRange('bigint', { min: 1 });

export type SortDirection = 'asc' | 'desc';

/**
 * What is asked past the last page: a 404 (the plain lists), or the last page itself (the grids, whose
 * envelope then shows the page it answered).
 */
export type PastLastPage = 'notFound' | 'lastPage';

export interface ListSpec<Sort extends string, Criterion extends string> {
  sortable: readonly Sort[];
  defaultSort: readonly [Sort | 'id', SortDirection];
  criteria: readonly Criterion[];
  /** Larger page sizes are capped to this; MAX_PAGE_SIZE when not given. */
  maxLimit?: number;
  /** 'notFound' when not given. */
  pastLastPage?: PastLastPage;
}

/** The paging of the reference's grid lists: at most 50 a page, a page past the end answered with the last one. */
export const GRID_PAGING = { maxLimit: GRID_MAX_PAGE_SIZE, pastLastPage: 'lastPage' } as const satisfies Pick<ListSpec<string, string>, 'maxLimit' | 'pastLastPage'>;

export interface PageRequest<Sort extends string, Criterion extends string> {
  page: number;
  limit: number;
  /** Requested sorts in query order; the caller's defaults apply when empty. Always ends with id. */
  sorting: Array<[Sort | 'id', SortDirection]>;
  criteria: Partial<Record<Criterion, string>>;
  /** The query pairs other than page/limit/paginate, in their original order (for links). */
  carriedQuery: Array<[string, string]>;
  pastLastPage: PastLastPage;
}

const PAGING_KEYS = new Set(['page', 'limit', 'paginate']);

function parsePositiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\s*\+?\d+\s*$/.test(raw)) throw pageNotFound();
  const value = Number(raw);
  if (value < PAGING_RANGE.minimum || value > PAGING_RANGE.maximum) throw pageNotFound();
  return value;
}

/** Splits `sorting[field]` / `criteria[field]` keys; null for any other key. */
function bracketKey(key: string): { group: string; name: string } | null {
  const match = /^(sorting|criteria)\[([^\]]*)\]$/.exec(key);
  return match ? { group: match[1], name: match[2] } : null;
}

/** Reads the raw query string into ordered pairs; repeated keys keep their last value like the framework does. */
function parseQueryPairs(rawQuery: string): Array<[string, string]> {
  return [...new URLSearchParams(rawQuery)];
}

/** The paging part of a list request, the same for every list: which page, how large, and what the links carry. */
export type PagingRequest = Pick<PageRequest<string, string>, 'page' | 'limit' | 'carriedQuery' | 'pastLastPage'>;

/** Reads `page` and the page size from the query pairs; every other pair is carried into the links. */
function parsePaging(pairs: Array<[string, string]>, maxLimit = MAX_PAGE_SIZE): PagingRequest {
  const lastValue = new Map(pairs);
  const page = parsePositiveInt(lastValue.get('page'), 1);
  // Both names work everywhere; `limit` wins when both are given.
  const requestedLimit = parsePositiveInt(lastValue.get('limit') ?? lastValue.get('paginate'), DEFAULT_PAGE_SIZE);
  return { page, limit: Math.min(requestedLimit, maxLimit), carriedQuery: pairs.filter(([key]) => !PAGING_KEYS.has(key)), pastLastPage: 'notFound' };
}

/**
 * A list without sorting or filters of its own (the plain lists): only the paging is read; `sorting[…]`,
 * `criteria[…]` and anything else are not applied, and are carried into the links as sent.
 */
export function parsePagingRequest(rawQuery: string): PagingRequest {
  return parsePaging(parseQueryPairs(rawQuery));
}

export function parsePageRequest<Sort extends string, Criterion extends string>(
  rawQuery: string,
  spec: ListSpec<Sort, Criterion>,
): PageRequest<Sort, Criterion> {
  const pairs = parseQueryPairs(rawQuery);
  const { page, limit, carriedQuery } = parsePaging(pairs, spec.maxLimit);

  const sorting: Array<[Sort | 'id', SortDirection]> = [];
  const criteria: Partial<Record<Criterion, string>> = {};
  for (const [key, value] of pairs) {
    const parsed = bracketKey(key);
    if (!parsed) continue;
    if (parsed.group === 'sorting') {
      if (!(spec.sortable as readonly string[]).includes(parsed.name)) {
        const allowed = spec.sortable.length > 0 ? spec.sortable.join(', ') : 'none';
        throw badRequest(`Unknown sorting field "${parsed.name}". Allowed: ${allowed}.`);
      }
      const direction = value.toLowerCase();
      if (direction !== 'asc' && direction !== 'desc') {
        throw badRequest(`Invalid sorting direction "${value}" for "${parsed.name}". Allowed: asc, desc.`);
      }
      const existing = sorting.findIndex(([field]) => field === parsed.name);
      if (existing >= 0) sorting.splice(existing, 1);
      sorting.push([parsed.name as Sort, direction]);
    } else {
      if (!(spec.criteria as readonly string[]).includes(parsed.name)) {
        const allowed = spec.criteria.length > 0 ? spec.criteria.join(', ') : 'none';
        throw badRequest(`Unknown filter "${parsed.name}". Allowed: ${allowed}.`);
      }
      criteria[parsed.name as Criterion] = value;
    }
  }
  if (sorting.length === 0) sorting.push([spec.defaultSort[0], spec.defaultSort[1]]);
  if (!sorting.some(([field]) => field === 'id')) sorting.push(['id', sorting[sorting.length - 1][1]]);

  return { page, limit, sorting, criteria, carriedQuery, pastLastPage: spec.pastLastPage ?? 'notFound' };
}
