import type { FastifyInstance } from 'fastify';

/**
 * Once the server is closing, every response says `Connection: close`, so each keep-alive connection ends
 * with the request it is serving. Otherwise a connection that becomes idle after the close began stays
 * open until the keep-alive timeout and holds the shutdown up.
 */
export function closeConnectionsWhenClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
