import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableError } from '../common/logging/loggable-error';
import { databaseUnavailableCause } from '../database/infrastructure-failure';
import type { StoredResponse } from './idempotency-store';

const REPLAYED_HEADER = 'idempotent-replayed';

/** Headers that belong to the answer itself; per-request ones (X-Request-Id, Date, lengths) are not kept. */
const KEPT_HEADERS = new Set(['content-type', 'location', 'content-location', 'etag', 'last-modified', 'cache-control', 'pragma', 'allow', 'link', 'retry-after']);

type Pending = { kind: 'replay'; response: StoredResponse } | { kind: 'record'; record(response: StoredResponse): Promise<void> };

const pending = new WeakMap<FastifyRequest, Pending>();

/** The handler is skipped; the stored answer goes out instead. */
export function replayAnswer(request: FastifyRequest, response: StoredResponse): void {
  pending.set(request, { kind: 'replay', response });
}

/** The answer, whatever it turns out to be (an error too), is handed to `record` before it goes out. */
export function recordAnswer(request: FastifyRequest, record: (response: StoredResponse) => Promise<void>): void {
  pending.set(request, { kind: 'record', record });
}

function keptHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || !KEPT_HEADERS.has(name.toLowerCase())) continue;
    kept[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return kept;
}

/** This API only sends strings (or nothing); anything else is kept as no body. */
function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/**
 * The final answer is only known once the exception filter and the serializer have run, so it is
 * stored (or a replay substituted) in onSend, where status, headers and bytes are final.
 */
export function registerIdempotentReplies(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const entry = pending.get(request);
    if (entry === undefined) return payload;
    pending.delete(request);
    if (entry.kind === 'replay') {
      reply.code(entry.response.status).headers(entry.response.headers).header(REPLAYED_HEADER, 'true');
      return entry.response.body;
    }
    try {
      await entry.record({ status: reply.statusCode, headers: keptHeaders(reply), body: payloadText(payload) });
    } catch (error) {
      const cause = databaseUnavailableCause(error);
      // An outage: the key keeps the state it had (README, Idempotent POSTs); the cause says enough.
      if (cause !== null) request.log.warn({ cause }, 'the answer for an Idempotency-Key could not be stored: database unavailable');
      else request.log.error({ err: loggableError(error) }, 'the answer for an Idempotency-Key could not be stored');
    }
    return payload;
  });
}
