import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import { CART_SQL, CUSTOMER_ORDERS_SQL, CUSTOMER_PAGE_SQL, TOKEN_SQL } from './queries';

/**
 * The "physical limit" proxy: bare Fastify and pg, one hand-written statement per endpoint after one indexed
 * token lookup, JSON built by PostgreSQL and only re-serialised here. It serves the product's exact bodies for
 * GET /api/v1/carts/{id}, GET /api/v1/customers/ and GET /api/v1/customers/{id}/orders/ with page and limit
 * (other query parameters are refused), and nothing else.
 */

type Link = { href: string };
type ErrorBody = Record<string, unknown>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(JSON.stringify(body));
  }
}

const notFound = (resource: string) => new HttpError(404, { code: 404, message: `The "${resource}" has not been found` });
const pageNotFound = () => new HttpError(404, { code: 404, message: 'Page Not Found' });
const unauthorized = () => new HttpError(401, { error: 'invalid_grant', error_description: 'The access token provided is invalid.' });

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

function pathId(raw: string, resource: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound(resource);
  const id = Number(raw);
  if (id < 1 || id > 2147483647) throw notFound(resource);
  return id;
}

function positive(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\s*\+?\d+\s*$/.test(raw)) throw pageNotFound();
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw pageNotFound();
  return value;
}

interface PageRequest {
  page: number;
  limit: number;
}

function pageRequest(url: string): PageRequest {
  const start = url.indexOf('?');
  const pairs = new Map(new URLSearchParams(start >= 0 ? url.slice(start + 1) : ''));
  for (const key of pairs.keys()) {
    if (key !== 'page' && key !== 'limit' && key !== 'paginate') {
      throw new HttpError(400, { code: 400, message: `The baseline server supports only page and limit, not "${key}".` });
    }
  }
  return { page: positive(pairs.get('page'), 1), limit: Math.min(positive(pairs.get('limit') ?? pairs.get('paginate'), DEFAULT_LIMIT), MAX_LIMIT) };
}

function envelope(path: string, { page, limit }: PageRequest, total: number, items: unknown[]): string {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (page > pages) throw pageNotFound();
  const link = (n: number): Link => ({ href: `${path}?page=${n}&limit=${limit}` });
  const links: Record<string, Link> = { self: link(page), first: link(1), last: link(pages) };
  if (page < pages) links.next = link(page + 1);
  if (page > 1) links.previous = link(page - 1);
  return JSON.stringify({ page, limit, pages, total, _links: links, _embedded: { items } });
}

function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

export function buildBaselineServer(pool: Pool): FastifyInstance {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });

  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized();
    const { rowCount } = await pool.query(TOKEN_SQL, [createHash('sha256').update(match[1], 'utf8').digest('hex')]);
    if (!rowCount) throw unauthorized();
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) return sendJson(reply, error.status, JSON.stringify(error.body));
    reply.log.error(error);
    return sendJson(reply, 500, JSON.stringify({ code: 500, message: 'Internal Server Error' }));
  });

  app.get<{ Params: { id: string } }>('/api/v1/carts/:id', async (request, reply) => {
    const { rows } = await pool.query<{ body: unknown }>(CART_SQL, [pathId(request.params.id, 'cart')]);
    if (rows.length === 0) throw notFound('cart');
    return sendJson(reply, 200, JSON.stringify(rows[0].body));
  });

  app.get('/api/v1/customers/', async (request, reply) => {
    const page = pageRequest(request.url);
    const { rows } = await pool.query<{ total: number; items: unknown[] }>(CUSTOMER_PAGE_SQL, [page.limit, (page.page - 1) * page.limit]);
    return sendJson(reply, 200, envelope('/api/v1/customers/', page, rows[0].total, rows[0].items));
  });

  app.get<{ Params: { id: string } }>('/api/v1/customers/:id/orders/', async (request, reply) => {
    const customerId = pathId(request.params.id, 'customer');
    const page = pageRequest(request.url);
    const { rows } = await pool.query<{ customer_exists: boolean; total: number; items: unknown[] }>(CUSTOMER_ORDERS_SQL, [
      customerId,
      page.limit,
      (page.page - 1) * page.limit,
    ]);
    if (!rows[0].customer_exists) throw notFound('customer');
    return sendJson(reply, 200, envelope(`/api/v1/customers/${customerId}/orders/`, page, rows[0].total, rows[0].items));
  });

  return app;
}
