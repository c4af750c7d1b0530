import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiParam, ApiQuery, ApiSecurity, DECORATORS, type ExamplesObject, type HeaderObject, type SchemaObject } from '@nestjs/swagger';
import { PAGE_NOT_FOUND_MESSAGE } from '../errors/api-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGING_RANGE, type ListSpec } from '../pagination/page-request';
import {
  badRequest,
  conflict,
  databaseUnavailable,
  forbidden,
  idempotencyKeyReused,
  internalError,
  invalidJson,
  notFound,
  ok,
  payloadTooLarge,
  responseHeader,
  unauthorized,
  unsupportedMediaType,
  validationFailed,
  writeConflict,
  type ResponseExample,
  type ResponseSpec,
} from './responses';
import { integer, string, type Schema } from './schema-builders';

/*
 * Documenting an endpoint (see carts.controller.ts for the full set):
 *
 *   @Get(':id')
 *   @ApiOperation({ operationId: 'showOrder', summary: 'Show an order' })
 *   @ApiPathParam('id', 'Order id.', integer({ minimum: 1 }))
 *   @ApiResponses(ok('The order.', OrderSchema), notFound('No order has this id.', 'The "order" has not been found'))
 *   @ApiStandardErrors()
 *
 * Response schemas are explicit objects registered with defineSchema() in the domain's *.openapi.ts
 * (closedObject() for closed shapes, keyedMap() for maps written as [] when empty, definePageSchema()
 * for lists). A body validated by a form gets @ApiJsonBody({form, schema, ...}), a list @ApiPage(),
 * a POST under /api/v1 @ApiIdempotentPost(), a public route @ApiPublicEndpoint() instead of
 * @ApiStandardErrors(). test/e2e/openapi.e2e-spec.ts checks that nothing is left out.
 */

const OUTCOMES = Symbol('openapi:outcomes');

interface MergedResponse {
  description: string;
  schema?: Schema;
  headers?: Record<string, HeaderObject>;
  examples?: Record<string, ResponseExample>;
  /** Written out directly for a body that is not JSON (the global media type is JSON). */
  content?: Record<string, { schema: Schema; examples?: Record<string, ResponseExample> }>;
}

function mergeStatus(specs: ResponseSpec[]): MergedResponse {
  const outcomes = specs.filter((spec) => spec.description !== undefined);
  const descriptions = [...new Set(outcomes.map((spec) => spec.description as string))];
  const schemas: Schema[] = [];
  for (const spec of specs) {
    if (spec.schema && !schemas.some((known) => JSON.stringify(known) === JSON.stringify(spec.schema))) schemas.push(spec.schema);
  }
  const headers: Record<string, HeaderObject> = {};
  for (const spec of specs) {
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      // Required only when every outcome of this status sends it.
      const everyOutcome = outcomes.every((outcome) => outcome.headers?.[name]?.required === true);
      headers[name] = { ...value, required: value.required === true && everyOutcome };
    }
  }
  const examples = Object.assign({}, ...specs.map((spec) => spec.examples ?? {})) as Record<string, ResponseExample>;
  const mediaType = specs.find((spec) => spec.mediaType !== undefined)?.mediaType;
  if (mediaType !== undefined && schemas.length === 1) {
    return {
      description: descriptions.length <= 1 ? (descriptions[0] ?? '') : descriptions.map((text) => `- ${text}`).join('\n'),
      content: { [mediaType]: { schema: schemas[0], ...(Object.keys(examples).length > 0 && { examples }) } },
      ...(Object.keys(headers).length > 0 && { headers }),
    };
  }
  return {
    description: descriptions.length <= 1 ? (descriptions[0] ?? '') : descriptions.map((text) => `- ${text}`).join('\n'),
    ...(schemas.length === 1 && { schema: schemas[0] }),
    ...(schemas.length > 1 && { schema: { anyOf: schemas } }),
    ...(Object.keys(headers).length > 0 && { headers }),
    ...(Object.keys(examples).length > 0 && { examples }),
  };
}

/**
 * Declares possible responses of an operation. Can be applied any number of times (directly or
 * through the bundles below): outcomes are collected per handler and merged per status code.
 */
export function ApiResponses(...specs: ResponseSpec[]): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const all: ResponseSpec[] = [...((Reflect.getMetadata(OUTCOMES, handler) as ResponseSpec[] | undefined) ?? []), ...specs];
    Reflect.defineMetadata(OUTCOMES, all, handler);
    const byStatus = new Map<number, ResponseSpec[]>();
    for (const spec of all) byStatus.set(spec.status, [...(byStatus.get(spec.status) ?? []), spec]);
    const responses: Record<string, MergedResponse> = {};
    for (const [status, specsOfStatus] of [...byStatus.entries()].sort(([a], [b]) => a - b)) responses[status] = mergeStatus(specsOfStatus);
    Reflect.defineMetadata(DECORATORS.API_RESPONSE, responses, handler);
    return descriptor;
  };
}

/** Errors every bearer-protected endpoint can answer: 401, 403, 500, and 503 while the database is unavailable (the token is looked up there). */
export const ApiStandardErrors = (): MethodDecorator => ApiResponses(unauthorized(), forbidden(), internalError(), databaseUnavailable());

/** Errors every write endpoint can answer: those of ApiStandardErrors and the retryable 409 of a write conflict (src/database/write-transaction.ts). */
export const ApiWriteErrors = (): MethodDecorator => ApiResponses(unauthorized(), forbidden(), writeConflict(), internalError(), databaseUnavailable());

/** An endpoint that needs no token (the global requirement is lifted). */
export const ApiPublicEndpoint = (): MethodDecorator => applyDecorators(ApiSecurity({}), ApiResponses(internalError()));

export interface JsonBodyOptions {
  /** The form the body is validated with: its `@Form()` children make the 400 body's schema. */
  form: abstract new () => unknown;
  schema: Schema;
  examples: ExamplesObject;
  validationExample: unknown;
  description?: string;
}

/** A JSON request body validated by a form, with the 400/413/415 answers that come with one. */
export function ApiJsonBody(options: JsonBodyOptions): MethodDecorator {
  return applyDecorators(
    ApiBody({
      required: true,
      description: options.description ?? 'JSON object. An empty body is read as `{}`; a missing Content-Type is read as JSON.',
      schema: options.schema,
      examples: options.examples,
    }),
    ApiResponses(validationFailed(options.form, options.validationExample), invalidJson(), payloadTooLarge(), unsupportedMediaType()),
  );
}

/** A path parameter that names a resource by id or code; one that cannot exist is a 404 (never a 400). */
export function ApiPathParam(name: string, description: string, schema: SchemaObject): MethodDecorator {
  return ApiParam({ name, required: true, description, schema });
}

export interface PageOptions<Sort extends string, Criterion extends string> {
  /** The `PageOfX` schema of the 200 body. */
  page: Schema;
  spec: ListSpec<Sort, Criterion>;
  /** What each filter matches. */
  criteria: Record<Criterion, string>;
  examples?: Record<string, ResponseExample>;
  description: string;
}

/** A paginated list: page/limit/paginate, sorting[...] and criteria[...] parameters and the answers they can lead to. */
export function ApiPage<Sort extends string, Criterion extends string>(options: PageOptions<Sort, Criterion>): MethodDecorator {
  const { spec } = options;
  const sortable = spec.sortable as readonly string[];
  const criteriaNames = spec.criteria as readonly string[];
  const defaultSort = `${spec.defaultSort[0]} ${spec.defaultSort[1]}`;
  const maxLimit = spec.maxLimit ?? MAX_PAGE_SIZE;
  const clamps = spec.pastLastPage === 'lastPage';
  const pageSize = (name: string, extra: string) =>
    ApiQuery({
      name,
      required: false,
      description: `Items per page, ${DEFAULT_PAGE_SIZE} by default; larger values than ${maxLimit} are capped. ${extra}`,
      schema: integer({ ...PAGING_RANGE, default: DEFAULT_PAGE_SIZE }),
    });
  const pageDescription = clamps ? 'Page number, from 1; a page past the last one answers the last page.' : 'Page number, from 1.';
  const decorators = [
    ApiQuery({ name: 'page', required: false, description: pageDescription, schema: integer({ ...PAGING_RANGE, default: 1 }) }),
    pageSize('limit', 'Wins over `paginate` when both are given.'),
    pageSize('paginate', 'Same as `limit`.'),
    ApiQuery({
      name: 'sorting',
      required: false,
      style: 'deepObject',
      explode: true,
      description:
        `Sort order as \`sorting[field]=asc|desc\`, in the order given; by default \`${defaultSort}\`. ` +
        (sortable.length === 0 ? 'The list takes no sorting: any field is a 400.' : 'The id always breaks ties. An unknown field or direction is a 400.'),
      schema: {
        type: 'object',
        properties: Object.fromEntries(sortable.map((field) => [field, string({ enum: ['asc', 'desc'] })])),
        additionalProperties: false,
      },
    }),
  ];
  if (criteriaNames.length > 0) {
    decorators.push(
      ApiQuery({
        name: 'criteria',
        required: false,
        style: 'deepObject',
        explode: true,
        description: `Filters as \`criteria[name]=value\`: ${criteriaNames.map((name) => `\`${name}\` (${options.criteria[name as Criterion]})`).join(', ')}. An unknown filter is a 400.`,
        schema: {
          type: 'object',
          properties: Object.fromEntries(criteriaNames.map((name) => [name, string()])),
          additionalProperties: false,
        },
      }),
    );
  }
  return applyDecorators(
    ...decorators,
    ApiResponses(
      ok(options.description, options.page, options.examples),
      notFound(
        clamps ? '`page` or the page size is not a positive integer.' : '`page` or the page size is not a positive integer, or the page is past the last one.',
        PAGE_NOT_FOUND_MESSAGE,
      ),
      badRequest('Unknown sorting field or direction, unknown filter or filter type, or a filter value it cannot take; the message says which.'),
    ),
  );
}

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A POST that can be retried safely: with an `Idempotency-Key`, a repeated request gets the first
 * answer again instead of repeating the action.
 */
export function ApiIdempotentPost(successStatus = 201): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Makes the request safe to retry. A repeat with the same key and the same request (method, path and JSON body) does not act ' +
        'again: it gets the first answer (same status and body; answers below 500 are kept, errors included) plus ' +
        '`Idempotent-Replayed: true`. The same key with a different request is a 422; while the first request is still running, a repeat ' +
        'waits for its answer and after a while gets a 409. Keys are per administrator and kept 24 hours. 1 to 255 printable ASCII characters, ' +
        'otherwise 400.',
      schema: string({ pattern: '^[\\x20-\\x7e]{1,255}$', example: '3f1c2a9e-4b7d-4f7e-9a51-0c2d5e8b7a61' }),
    }),
    ApiResponses(
      {
        status: successStatus,
        headers: { 'Idempotent-Replayed': responseHeader('`true` when this is the stored answer to an earlier request with the same key.', false, 'true') },
      },
      idempotencyKeyReused(),
      conflict('An earlier request with the same `Idempotency-Key` is still running.', 'A request with this Idempotency-Key is still in progress'),
      badRequest('The `Idempotency-Key` header is malformed.'),
    ),
  );
}
