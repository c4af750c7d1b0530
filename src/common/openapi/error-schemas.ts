import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { formShapeOf, type FormShape } from '../forms/form-shape';
import { arrayOf, closedObject, integer, string, type Schema } from './schema-builders';
import { defineSchema } from './schema-registry';
import { WRITE_CONFLICT_MESSAGE } from '../../database/write-transaction';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../database/database-unavailable';

/**
 * The error bodies of the API (seed §7, decisions "Routing and errors"): the `{code, message}` family,
 * the OAuth2 `{error, error_description}` family and the 400 form tree.
 */

/** `{code, message}` with the code fixed and the message one of `messages` (any string when none). */
export function errorBody(status: number, messages: readonly string[] = [], extra: { pattern?: string; description?: string } = {}): SchemaObject {
  const message = messages.length > 0 ? string({ enum: [...messages] }) : string(extra.pattern ? { pattern: extra.pattern } : {});
  return closedObject(
    { code: integer({ enum: [status] }), message },
    { ...(extra.description !== undefined && { description: extra.description }), example: { code: status, message: messages[0] ?? 'An error message' } },
  );
}

export const ErrorSchemas = {
  BadRequest: defineSchema('BadRequestError', {
    ...errorBody(400, [], { description: 'A request the API cannot read: malformed JSON, a body that is not a JSON object, an unknown sorting field or filter, a malformed Idempotency-Key.' }),
    example: { code: 400, message: 'Invalid json message received' },
  }),
  RouteNotFound: defineSchema('RouteNotFoundError', {
    ...errorBody(404, [], { pattern: '^No route found for "[A-Z]+ [^"]*"$', description: 'No route matches the path.' }),
    example: { code: 404, message: 'No route found for "GET /api/v1/nope"' },
  }),
  MethodNotAllowed: defineSchema('MethodNotAllowedError', {
    ...errorBody(405, [], {
      pattern: '^No route found for "[A-Z]+ [^"]*": Method Not Allowed \\(Allow: [A-Z, ]+\\)$',
      description: 'The path exists but does not answer this method; the `Allow` header lists the methods it does answer.',
    }),
    example: { code: 405, message: 'No route found for "PATCH /api/v1/carts/": Method Not Allowed (Allow: GET, POST)' },
  }),
  AccessDenied: defineSchema('AccessDeniedError', errorBody(403, ['Access Denied.'], { description: 'The token belongs to an administrator without API access, or to a disabled one.' })),
  PayloadTooLarge: defineSchema('PayloadTooLargeError', errorBody(413, ['Request body is too large'], { description: 'The body is larger than 1 MiB.' })),
  UnsupportedMediaType: defineSchema(
    'UnsupportedMediaTypeError',
    errorBody(415, ['Unsupported media type'], { description: 'The body is not JSON (only the token endpoint also takes form-urlencoded bodies).' }),
  ),
  IdempotencyKeyReused: defineSchema(
    'IdempotencyKeyReusedError',
    errorBody(422, ['Idempotency-Key reused with a different request'], { description: 'The Idempotency-Key was already used for a different request.' }),
  ),
  WriteConflict: defineSchema(
    'WriteConflictError',
    errorBody(409, [WRITE_CONFLICT_MESSAGE], {
      description: 'The write kept colliding with concurrent writes of the same data and was rolled back: nothing happened. Send it again after `Retry-After` seconds.',
    }),
  ),
  TooManyRequests: defineSchema('TooManyRequestsError', errorBody(429, ['Too many requests'], { description: 'Too many failed logins; retry after `Retry-After` seconds.' })),
  DatabaseUnavailable: defineSchema(
    'DatabaseUnavailableError',
    errorBody(503, [DATABASE_UNAVAILABLE_MESSAGE], {
      description: 'The database could not be reached or could not serve (the log and GET /health/ready say why). Send the request again after `Retry-After` seconds.',
    }),
  ),
  InternalServerError: defineSchema(
    'InternalServerError',
    errorBody(500, ['Internal Server Error'], { description: 'Something unexpected failed; the log has the details under the request id.' }),
  ),
  Authentication: defineSchema(
    'AuthenticationError',
    closedObject(
      {
        error: string({ enum: ['access_denied', 'invalid_grant'] }),
        error_description: string({
          enum: ['OAuth2 authentication required', 'The access token provided is invalid.', 'The access token provided has expired.'],
        }),
      },
      {
        description: 'OAuth2 error of an API call without a usable bearer token.',
        example: { error: 'access_denied', error_description: 'OAuth2 authentication required' },
      },
    ),
  ),
};

/** `{code: 404, message}` with the messages this endpoint can answer. */
export const notFoundBody = (messages: readonly string[]): SchemaObject => errorBody(404, messages);

const fieldNode = (): SchemaObject =>
  closedObject({ errors: arrayOf(string(), { minItems: 1 }) }, { optional: ['errors'], description: 'The messages of this field; `{}` when it has none.' });

/** One form of the error tree: its own messages (if any), then every child in form order. */
function formNode(shape: FormShape): SchemaObject {
  const children: Record<string, Schema> = {};
  const optionalChildren: string[] = [];
  for (const field of shape.fields) {
    const subForm = shape.subForms[field];
    const list = shape.lists[field];
    const keyed = shape.keyed?.[field];
    if (keyed) {
      // One child per key the database knows; a value that is no map has only the field's messages.
      children[field] = closedObject(
        { errors: arrayOf(string(), { minItems: 1 }), children: { type: 'object', additionalProperties: formNode(keyed.shape), description: 'One node per known key.' } },
        { optional: ['errors', 'children'] },
      );
    } else if (list) {
      children[field] = closedObject(
        { errors: arrayOf(string(), { minItems: 1 }), children: arrayOf(formNode(list.shape), { description: 'One node per entry, by index.' }) },
        { optional: ['errors'] },
      );
    } else if (subForm) {
      children[field] = formNode(subForm);
      // A nested form is only reported when it was sent.
      optionalChildren.push(field);
    } else {
      children[field] = fieldNode();
    }
    // A dependent field is a child only once the service includes it.
    if (shape.dependentFields.includes(field) && !optionalChildren.includes(field)) optionalChildren.push(field);
  }
  return closedObject(
    { errors: arrayOf(string(), { minItems: 1 }), children: closedObject(children, { optional: optionalChildren }) },
    { optional: ['errors'] },
  );
}

/** The 400 body of a form: `{code: 400, message: "Validation Failed", errors: {errors?, children}}`, children read from its `@Form()`. */
export function validationErrorSchema(form: abstract new () => unknown): ReferenceObject {
  const name = `${form.name.replace(/Form$/, '')}ValidationError`;
  return defineSchema(
    name,
    closedObject(
      { code: integer({ enum: [400] }), message: string({ enum: ['Validation Failed'] }), errors: formNode(formShapeOf(form)) },
      { description: 'The submitted form is invalid. Every child of the form is listed in form order; one without violations is `{}`.' },
    ),
  );
}
