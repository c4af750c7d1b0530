import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { HeaderObject, OpenAPIObject, OperationObject, PathItemObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { LightMyRequestResponse } from 'fastify';
import { isCatchAll, type RouteRegistry } from '../../src/common/http/route-registry';

/**
 * Routes that are no API operations, by design: the documentation serving itself, and catch-all
 * routes such as a CORS preflight handler's `OPTIONS *`.
 */
export const isUndocumentedByDesign = (route: string): boolean =>
  route === '/api/doc.json' || route === '/api/doc' || route.startsWith('/api/doc/') || isCatchAll(route);

/**
 * What a request that no route answers may get (the router's 404/405, or the body parser's errors,
 * which run before routing is known to have failed), and the component schema of that body.
 */
const UNROUTED_RESPONSES: Record<number, { schema: string; header?: string }> = {
  400: { schema: 'BadRequestError' },
  404: { schema: 'RouteNotFoundError' },
  405: { schema: 'MethodNotAllowedError', header: 'allow' },
  413: { schema: 'PayloadTooLargeError' },
  415: { schema: 'UnsupportedMediaTypeError' },
};

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** `/api/v1/carts/:id/` and `/api/v1/carts/{id}` both become `/api/v1/carts/{}`. */
export const normalizeRoute = (route: string): string =>
  route
    .replace(/\/+$/, '')
    .replace(/\/:[^/]+/g, '/{}')
    .replace(/\/\{[^/}]+\}/g, '/{}');

/** Component refs point into the `$defs` of one registered schema, so Ajv can resolve them in strict mode. */
export function toAjvSchema<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/')) as T;
}

export function createAjv(document: OpenAPIObject): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  // OpenAPI annotations that are no JSON Schema keywords (`nullable` Ajv knows).
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
  ajv.addSchema({ $id: 'openapi', $defs: toAjvSchema(document.components?.schemas ?? {}) });
  return ajv;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((error) => `  ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`).join('\n');
}

/**
 * Checks real responses against the application's own OpenAPI document: the operation must exist
 * (by method and route pattern), the status must be declared, required headers present, and the
 * JSON body valid against the declared schema.
 */
/**
 * Transport-level answers given before the request reaches its handler, on any route alike: a URL the
 * router cannot take, and a body or query string the parsers refuse (bad JSON, NUL, lone surrogate,
 * too deep, too large, wrong media type). They are judged like answers to unknown paths.
 */
const TRANSPORT_400 = [/^Invalid json message received$/, /NUL character/, /lone UTF-16 surrogate/, /nested more than \d+ levels deep/];

function isRejectedBeforeRouting(response: LightMyRequestResponse): boolean {
  if (response.statusCode === 413 || response.statusCode === 415) return true;
  if (![400, 404, 405].includes(response.statusCode)) return false;
  try {
    const message = (JSON.parse(response.body) as { message?: unknown }).message;
    if (typeof message !== 'string') return false;
    if (response.statusCode === 400) return TRANSPORT_400.some((pattern) => pattern.test(message));
    return message.startsWith('No route found for "');
  } catch {
    return false;
  }
}

export class OpenApiContract {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly pathsByRoute = new Map<string, string>();

  constructor(
    readonly document: OpenAPIObject,
    private readonly routes: RouteRegistry,
  ) {
    this.ajv = createAjv(document);
    for (const path of Object.keys(document.paths)) this.pathsByRoute.set(normalizeRoute(path), path);
  }

  /** The document's path for a registered route pattern, if it documents one. */
  documentedPath(route: string): string | undefined {
    return this.pathsByRoute.get(normalizeRoute(route));
  }

  /** Throws an error describing every way the response breaks the contract. */
  verify(method: string, url: string, response: LightMyRequestResponse): void {
    const path = url.split('?')[0];
    const upper = method.toUpperCase();
    const route = this.routes.match(upper, path);
    const where = `${upper} ${url} answered ${response.statusCode}`;
    if (route === null || isRejectedBeforeRouting(response)) return this.verifyUnrouted(where, response);
    if (isUndocumentedByDesign(route)) return;
    const documentedPath = this.documentedPath(route);
    const item: PathItemObject | undefined = documentedPath === undefined ? undefined : this.document.paths[documentedPath];
    const operation: OperationObject | undefined = item?.[upper.toLowerCase() as HttpMethod];
    if (operation === undefined) throw new Error(`OpenAPI contract: ${where}, but the route ${upper} ${route} is not in the document`);
    const declared = operation.responses[String(response.statusCode)];
    if (declared === undefined || '$ref' in declared) {
      throw new Error(
        `OpenAPI contract: ${where}, a status ${documentedPath} does not declare for ${upper} (declared: ${Object.keys(operation.responses).join(', ')})\n` +
          `body: ${response.body.slice(0, 500)}`,
      );
    }
    this.verifyHeaders(where, declared, response);
    const mediaTypes = Object.keys(declared.content ?? {});
    if (mediaTypes.length === 0) {
      if (response.body !== '') throw new Error(`OpenAPI contract: ${where} with a body, but the document declares none\nbody: ${response.body.slice(0, 500)}`);
      return;
    }
    const json = declared.content?.['application/json'];
    if (json !== undefined) return this.verifyJson(where, `${upper} ${documentedPath} ${response.statusCode}`, json.schema as SchemaObject, response);
    // Other media types (e.g. text/plain metrics) are checked by type only.
    const contentType = String(response.headers['content-type'] ?? '');
    if (!mediaTypes.some((type) => contentType.startsWith(type))) {
      throw new Error(`OpenAPI contract: ${where} with Content-Type "${contentType}", but the document declares ${mediaTypes.join(', ')}`);
    }
  }

  private verifyUnrouted(where: string, response: LightMyRequestResponse): void {
    const expected = UNROUTED_RESPONSES[response.statusCode];
    if (expected === undefined) throw new Error(`OpenAPI contract: ${where}, but no route matches and only ${Object.keys(UNROUTED_RESPONSES).join(', ')} may answer that`);
    if (expected.header !== undefined && response.headers[expected.header] === undefined) {
      throw new Error(`OpenAPI contract: ${where} without the ${expected.header} header`);
    }
    this.verifyJson(where, `unrouted ${response.statusCode}`, { $ref: `#/components/schemas/${expected.schema}` } as SchemaObject, response);
  }

  private verifyHeaders(where: string, declared: ResponseObject, response: LightMyRequestResponse): void {
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const resolved = this.resolveHeader(header);
      if (resolved.required === true && response.headers[name.toLowerCase()] === undefined) {
        throw new Error(`OpenAPI contract: ${where} without the required header ${name}`);
      }
    }
  }

  private resolveHeader(header: HeaderObject | ReferenceObject): HeaderObject {
    if (!('$ref' in header)) return header;
    const name = header.$ref.replace('#/components/headers/', '');
    const resolved = this.document.components?.headers?.[name];
    if (resolved === undefined || '$ref' in resolved) throw new Error(`Unresolvable header reference ${header.$ref}`);
    return resolved;
  }

  private verifyJson(where: string, key: string, schema: SchemaObject, response: LightMyRequestResponse): void {
    const contentType = String(response.headers['content-type'] ?? '');
    if (!/^application\/json\b/.test(contentType)) throw new Error(`OpenAPI contract: ${where} with Content-Type "${contentType}" instead of JSON`);
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new Error(`OpenAPI contract: ${where} with a body that is not JSON: ${response.body.slice(0, 200)}`);
    }
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(toAjvSchema(schema));
      this.validators.set(key, validate);
    }
    if (!validate(body)) {
      throw new Error(`OpenAPI contract: ${where}, a body that does not match the schema (${key}):\n${formatErrors(validate.errors)}\nbody: ${response.body.slice(0, 2000)}`);
    }
  }
}
