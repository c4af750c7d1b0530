import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

/** Echoes a client's X-Request-Id when it is reasonable, otherwise makes a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}
