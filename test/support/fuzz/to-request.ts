import { PoolPick, renderBody, renderPath, renderQuery, type Pools, type RouteSpec, type StructuredCase } from './fuzz-requests';
import type { RawPayload } from './hostile-payloads';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The request a structured case stands for, with its pool picks resolved against the current database. */
export function structuredRequest(c: StructuredCase, pools: Pools): FuzzRequest {
  const headers: Record<string, string> = {};
  if (c.authorization !== null) headers.authorization = c.authorization;
  if (c.requestId !== null) headers['x-request-id'] = c.requestId;
  const request: FuzzRequest = { method: c.method, url: renderPath(c.route, c.params, c.pair, pools, c.trailingSlash) + renderQuery(c.query, pools), headers };
  if (c.body !== null) {
    request.payload = renderBody(c.body, pools);
    if (c.contentType !== null) headers['content-type'] = c.contentType;
  }
  return request;
}

/** A raw payload sent with a valid token to a route whose path ids are ones the API lists. */
export function rawRequest(route: RouteSpec, method: string, payload: RawPayload, pools: Pools, pick: number): FuzzRequest {
  const params = route.params.map(() => new PoolPick('related', pick));
  const headers: Record<string, string> = { authorization: 'Bearer SampleToken' };
  if (payload.contentType !== null) headers['content-type'] = payload.contentType;
  return { method, url: renderPath(route, params, route.params.length >= 2 ? pick : null, pools, false), headers, payload: payload.body };
}
