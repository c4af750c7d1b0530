import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject, type OperationObject, type PathItemObject, type ReferenceObject } from '@nestjs/swagger';
import { resolveColumnLimits } from './column-schema';
import { responseHeader } from './responses';
import { registeredSchemas } from './schema-registry';

export const OPENAPI_UI_PATH = 'api/doc';
export const OPENAPI_JSON_PATH = 'api/doc.json';

const DESCRIPTION = `
JSON administration API of the shop: carts and their items, customers, and the orders of a customer.
The wire format is that of the Sylius admin API v1.

**Authentication.** Every endpoint except the token endpoint needs \`Authorization: Bearer <access_token>\`
(or the token as the \`access_token\` query parameter).
Get a token with \`POST /api/oauth/v2/token\` (password grant, see there). Access tokens live 3600 s; refresh tokens
14 days and work once.

**Conventions.**
- Money is an integer in minor units of the currency: \`1059\` is 10.59.
- Properties whose value is null are left out, never written as \`null\` (the token response's \`scope\` is the exception).
- Maps keyed by a code (\`translations\`, \`channelPricings\`) are written as \`[]\` when empty.
- Datetimes look like \`2026-11-21T10:20:30+0000\` and are in UTC.
- Links are relative: \`{"_links": {"self": {"href": "/api/v1/customers/7"}}}\`.
- Collection paths end with a slash (\`/api/v1/carts/\`) and also answer without it; item paths have none.
- Request bodies are JSON objects (\`Content-Type: application/json\`; a missing Content-Type is read as JSON), at most 1 MiB.

**Errors** are JSON: \`{"code": 404, "message": "..."}\`; an invalid form is a 400 with the form's error tree; a missing or
bad token is a 401 with an OAuth2 body \`{"error", "error_description"}\`. An unknown path is a 404 and a known path with a
method it does not answer is a 405 with an \`Allow\` header (both also without a token). A path id that cannot exist
(not a positive integer) is a 404, never a 400.

Every response carries an \`X-Request-Id\` header (the client's own when it sends a sane one).
`.trim();

/** The last path segment is a parameter, e.g. `/api/v1/carts/{id}`. */
const endsWithParameter = (path: string): boolean => /\/\{[^/]+\}$/.test(path);

function isCollection(item: PathItemObject): boolean {
  const listSchema = (item.get?.responses?.['200'] as { content?: Record<string, { schema?: ReferenceObject }> } | undefined)?.content?.['application/json']?.schema;
  const listsPages = typeof listSchema?.$ref === 'string' && listSchema.$ref.startsWith('#/components/schemas/PageOf');
  return listsPages || item.post?.responses?.['201'] !== undefined;
}

/** The path without its last segment: `/api/v1/zones/country` → `/api/v1/zones`. */
const parentOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));

/**
 * Collection paths are canonically written with a trailing slash (`/api/v1/carts/`), as the links
 * in responses are; the router answers both forms, but the document names the canonical one. A fixed
 * segment right under a collection is a create of one kind of its items (`POST /api/v1/zones/country`),
 * not a collection of its own.
 */
function canonicalPaths(paths: Record<string, PathItemObject>): Record<string, PathItemObject> {
  const result: Record<string, PathItemObject> = {};
  const isCollectionPath = (path: string): boolean => paths[path] !== undefined && isCollection(paths[path]);
  for (const [path, item] of Object.entries(paths)) {
    const collection = !endsWithParameter(path) && isCollection(item) && !isCollectionPath(parentOf(path));
    const canonical = path.startsWith('/api/v1/') && collection ? `${path}/` : path;
    result[canonical] = item;
  }
  return result;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every response says that it carries the request id. */
function addRequestIdHeader(paths: Record<string, PathItemObject>): void {
  for (const item of Object.values(paths)) {
    for (const method of HTTP_METHODS) {
      const operation: OperationObject | undefined = item[method];
      for (const response of Object.values(operation?.responses ?? {})) {
        if (response === undefined || '$ref' in response) continue;
        response.headers = { ...response.headers, 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };
      }
    }
  }
}

/** Builds the OpenAPI 3 document of the running application from its controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Shop admin API')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An access token from `POST /api/oauth/v2/token`.' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'query', name: 'access_token', description: 'The access token as a query parameter, instead of the header.' }, 'accessTokenQuery')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'OAuth2 client id and secret (token endpoint only, instead of `client_id`/`client_secret`).' }, 'clientBasic')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The static `METRICS_TOKEN` (`GET /metrics` only, when configured).' }, 'metricsToken')
    .addSecurityRequirements('bearer')
    .addSecurityRequirements('accessTokenQuery')
    .build();
  const components = {
    ...config.components,
    schemas: registeredSchemas(),
    headers: { RequestId: responseHeader('Identifies the request in the logs: the client\'s own `X-Request-Id` when it sent a sane one.', true, '2f9c7a4e-8d1b-4c55-9e0a-6b3f1d2c4e5a') },
  };
  const document = SwaggerModule.createDocument(app, { ...config, components }, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  document.paths = canonicalPaths(document.paths);
  addRequestIdHeader(document.paths);
  return resolveColumnLimits(document);
}
