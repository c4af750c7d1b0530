import type { HeaderObject } from '@nestjs/swagger';
import { DATABASE_UNAVAILABLE_RETRY_AFTER } from '../../database/database-unavailable';
import { errorBody, ErrorSchemas, notFoundBody, validationErrorSchema } from './error-schemas';
import { string, type Schema } from './schema-builders';

export interface ResponseExample {
  summary: string;
  value: unknown;
}

/**
 * One possible outcome of an operation. Several outcomes may share a status (e.g. 400 for an invalid
 * form and for malformed JSON); the decorators merge them into one response whose schema accepts each.
 * An entry without a description only adds headers to the outcomes of its status.
 */
export interface ResponseSpec {
  status: number;
  description?: string;
  schema?: Schema;
  headers?: Record<string, HeaderObject>;
  examples?: Record<string, ResponseExample>;
  /** The body's media type when it is not JSON (e.g. `text/plain`); applies to this status only. */
  mediaType?: string;
}

const header = (description: string, required: boolean, example?: string): HeaderObject => ({
  description,
  required,
  schema: string(example !== undefined ? { example } : {}),
});

export const ok = (description: string, schema: Schema, examples?: Record<string, ResponseExample>): ResponseSpec => ({ status: 200, description, schema, examples });
export const created = (description: string, schema: Schema, examples?: Record<string, ResponseExample>): ResponseSpec => ({
  status: 201,
  description,
  schema,
  examples,
});
export const noContent = (description: string): ResponseSpec => ({ status: 204, description });

export const notFound = (description: string, ...messages: string[]): ResponseSpec => ({ status: 404, description, schema: notFoundBody(messages) });

export const badRequest = (description: string): ResponseSpec => ({ status: 400, description, schema: ErrorSchemas.BadRequest });

export const validationFailed = (form: abstract new () => unknown, example: unknown): ResponseSpec => ({
  status: 400,
  description: 'The form is invalid; each field lists its violations.',
  schema: validationErrorSchema(form),
  examples: { validationFailed: { summary: 'An invalid form', value: example } },
});

export const invalidJson = (): ResponseSpec => badRequest('The body is malformed JSON or not a JSON object.');

const NO_STORE = {
  'Cache-Control': header('Always `no-store`.', true, 'no-store'),
  Pragma: header('Always `no-cache`.', true, 'no-cache'),
};

export const unauthorized = (): ResponseSpec => ({
  status: 401,
  description: 'No usable bearer token: missing or malformed `Authorization` header, unknown or expired token.',
  schema: ErrorSchemas.Authentication,
  headers: {
    'WWW-Authenticate': header('The OAuth2 challenge, repeating the error.', true, 'Bearer realm="Service", error="access_denied", error_description="OAuth2 authentication required"'),
    ...NO_STORE,
  },
});

export const forbidden = (): ResponseSpec => ({
  status: 403,
  description: 'The token is valid but its administrator has no API access or is disabled.',
  schema: ErrorSchemas.AccessDenied,
});

export const conflict = (description: string, ...messages: string[]): ResponseSpec => ({ status: 409, description, schema: errorBody(409, messages) });

export const writeConflict = (): ResponseSpec => ({
  status: 409,
  description:
    'The write collided with concurrent writes of the same order, variant, promotion, coupon or customer more often than it is retried, ' +
    'and was rolled back. Nothing happened; send it again (an `Idempotency-Key` is given back for that).',
  schema: ErrorSchemas.WriteConflict,
  headers: { 'Retry-After': header('Seconds to wait before sending the request again.', true, '1') },
});

export const payloadTooLarge = (): ResponseSpec => ({ status: 413, description: 'The body is larger than 1 MiB.', schema: ErrorSchemas.PayloadTooLarge });
export const unsupportedMediaType = (): ResponseSpec => ({
  status: 415,
  description: 'The body has a Content-Type other than JSON.',
  schema: ErrorSchemas.UnsupportedMediaType,
});
export const idempotencyKeyReused = (): ResponseSpec => ({
  status: 422,
  description: 'The `Idempotency-Key` was already used with a different request (method, path or body).',
  schema: ErrorSchemas.IdempotencyKeyReused,
});
export const tooManyRequests = (): ResponseSpec => ({
  status: 429,
  description: 'Too many failed password grants for this client and username.',
  schema: ErrorSchemas.TooManyRequests,
  headers: { 'Retry-After': header('Seconds until the next attempt is allowed.', true, '300') },
});
export const databaseUnavailable = (): ResponseSpec => ({
  status: 503,
  description:
    'The database was unavailable (refused or lost connections, a pooler or server restarting, a read-only standby). A request cut off ' +
    'before its commit changed nothing; one whose COMMIT lost its connection may have happened, so send a POST again with the same ' +
    '`Idempotency-Key`, which acts only if it did not.',
  schema: ErrorSchemas.DatabaseUnavailable,
  headers: { 'Retry-After': header('Seconds to wait before sending the request again.', true, DATABASE_UNAVAILABLE_RETRY_AFTER) },
});
export const internalError = (): ResponseSpec => ({
  status: 500,
  description: 'Something unexpected failed. The body never carries details; the log has them under the `X-Request-Id`.',
  schema: ErrorSchemas.InternalServerError,
});

export { header as responseHeader, NO_STORE };
