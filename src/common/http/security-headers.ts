import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers on every response, errors and 404s included. The API itself only serves JSON; the
 * content security policy still lets a same-origin HTML page (the API docs: own scripts, inline styles,
 * data: images) work. Nothing may frame any of it, and plain-HTTP local use is not upgraded to HTTPS.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  void fastify.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'frame-ancestors': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    frameguard: { action: 'deny' },
  });
}
