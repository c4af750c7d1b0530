import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { httpError, type ApiError } from '../errors/api-error';

/** What Node reports for a request it could not parse, or that did not arrive in time. */
function failureFor(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return httpError(431, 'Request Header Fields Too Large');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return httpError(408, 'Request Timeout');
  return httpError(400, 'Bad Request');
}

/**
 * Errors raised while Node parses the HTTP request (an unknown method, a forbidden byte in a header,
 * both Content-Length and Transfer-Encoding, headers over the size limit, a timeout) happen before
 * any route, hook or filter exists. They are answered here, on the raw socket, with the documented
 * `{code, message}` body instead of the framework's own; the connection is closed afterwards, since
 * the rest of its bytes cannot be trusted.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const failure = failureFor(error.code);
  this.log.debug({ err: { code: error.code, message: error.message } }, 'unparsable request');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(failure.body);
  socket.end(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
  // A client that never reads its answer does not keep the socket.
  setTimeout(() => socket.destroy(), 5_000).unref();
}
