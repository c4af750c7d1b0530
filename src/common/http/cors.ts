import type { NestFastifyApplication } from '@nestjs/platform-fastify';

const CORS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'];
const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'Idempotent-Replayed', 'Retry-After'];

/**
 * Lets browser apps on the configured origins call the API. No origins: nothing is registered and no
 * CORS header is ever sent. A request from any other origin (or none) is served as if CORS were off,
 * so a stray OPTIONS still gets the usual 404/405 body; preflights from allowed origins get 204.
 */
export function registerCors(app: NestFastifyApplication, origins: string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map((origin) => origin.replace(/\/+$/, '')));
  const anyOrigin = allowed.has('*');
  app.enableCors({
    origin: (origin: string | undefined, callback: (error: Error | null, allow: boolean) => void) =>
      callback(null, origin !== undefined && (anyOrigin || allowed.has(origin))),
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
    // An OPTIONS from an allowed origin without Access-Control-Request-Method still gets a clean 204.
    strictPreflight: false,
  });
}
