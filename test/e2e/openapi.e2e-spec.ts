import type { ValidateFunction } from 'ajv';
import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, RequestBodyObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { createAjv, isUndocumentedByDesign, normalizeRoute, OpenApiContract, toAjvSchema } from '../support/openapi-contract';
import { AUTH, CART_YAML, loadShop } from '../support/cart-fixtures';
import { json, startTestApp, type TestApp } from '../support/test-app';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** An administrator without API access, and a token of theirs. */
const CLERK_TOKEN = 'ClerkTokenWithoutApiAccess';
const CLERK_YAML = `
adminUsers: [{username: clerk, email: clerk@example.com, password: clerk, roles: [ROLE_ADMINISTRATION_ACCESS], localeCode: en_US}]
accessTokens: [{token: ${CLERK_TOKEN}, client: client_id, user: clerk, expiresAt: null}]
`;

interface Operation {
  method: string;
  path: string;
  operation: OperationObject;
}

function allOperationsOf(document: OpenAPIObject): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ method: method.toUpperCase(), path, operation: item[method] as OperationObject })),
  );
}

/** The operations to hold to the rules: every documented one. */
const operationsOf = (document: OpenAPIObject): Operation[] => allOperationsOf(document);

const responseOf = (operation: OperationObject, status: string) => operation.responses[status] as ResponseObject | undefined;
const parameters = (operation: OperationObject) => (operation.parameters ?? []) as ParameterObject[];

/** Every `example` in a schema tree, with the schema it illustrates. */
function schemaExamples(schema: SchemaObject | ReferenceObject, at: string): Array<{ at: string; schema: SchemaObject; example: unknown }> {
  if ('$ref' in schema) return [];
  const found: Array<{ at: string; schema: SchemaObject; example: unknown }> = [];
  if (schema.example !== undefined) found.push({ at, schema, example: schema.example });
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...schemaExamples(child, `${at}.${key}`));
  if (schema.items) found.push(...schemaExamples(schema.items, `${at}[]`));
  if (typeof schema.additionalProperties === 'object') found.push(...schemaExamples(schema.additionalProperties, `${at}{}`));
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    (schema[keyword] ?? []).forEach((child, index) => found.push(...schemaExamples(child, `${at}.${keyword}[${index}]`)));
  }
  return found;
}

/** Every `$ref` string anywhere in the document. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refsIn(child)));
}

describe('OpenAPI document and Swagger UI', () => {
  let t: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    t = await startTestApp();
    await loadShop(t, CART_YAML, CLERK_YAML);
    const response = await t.inject({ method: 'GET', url: '/api/doc.json' });
    document = json(response) as OpenAPIObject;
  });
  afterAll(() => t?.close());

  it('serves the document as JSON without a token', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/doc.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    expect(document.info).toEqual(expect.objectContaining({ title: 'Shop admin API', version: '1' }));
    expect(document.security).toEqual([{ bearer: [] }, { accessTokenQuery: [] }]);
    expect(document.components?.securitySchemes?.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('accepts the token in each documented way', async () => {
    const header = await t.inject({ method: 'GET', url: '/api/v1/channels/WEB', headers: AUTH });
    const query = await t.inject({ method: 'GET', url: `/api/v1/channels/WEB?access_token=${AUTH.authorization.slice('Bearer '.length)}` });
    expect([header.statusCode, query.statusCode]).toEqual([200, 200]);
  });

  it('serves Swagger UI and its assets without a token', async () => {
    for (const url of ['/api/doc', '/api/doc/']) {
      const page = await t.inject({ method: 'GET', url });
      expect({ url, status: page.statusCode, type: page.headers['content-type'] }).toEqual({ url, status: 200, type: expect.stringMatching(/^text\/html/) });
      expect(page.body).toContain('swagger-ui');
    }
    const init = await t.inject({ method: 'GET', url: '/api/doc/swagger-ui-init.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"operationId": "listCarts"');
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
      const response = await t.inject({ method: 'GET', url: `/api/doc/${asset}` });
      expect({ asset, status: response.statusCode }).toEqual({ asset, status: 200 });
    }
  });

  it('answers unknown assets and other methods under /api/doc like any other route', async () => {
    const missing = await t.inject({ method: 'GET', url: '/api/doc/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ code: 404, message: 'No route found for "GET /api/doc/nope.js"' });
    const post = await t.inject({ method: 'POST', url: '/api/doc/swagger-ui.css' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });

  it('documents every registered route with its methods, and nothing else', () => {
    const contract = new OpenApiContract(document, t.running.routes);
    const missing = t.running.routes
      .list()
      .filter((route) => !isUndocumentedByDesign(route.url))
      .filter((route) => {
        const path = contract.documentedPath(route.url);
        return path === undefined || document.paths[path][route.method.toLowerCase() as 'get'] === undefined;
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const registered = new Set(t.running.routes.list().map((route) => `${route.method} ${normalizeRoute(route.url)}`));
    const phantom = allOperationsOf(document)
      .map(({ method, path }) => `${method} ${normalizeRoute(path)}`)
      .filter((operation) => !registered.has(operation));
    expect(phantom).toEqual([]);
    expect(operationsOf(document).length).toBeGreaterThanOrEqual(19);
  });

  it('describes every operation completely', () => {
    const problems: string[] = [];
    const operationIds = new Set<string>();
    for (const { method, path, operation } of operationsOf(document)) {
      const name = `${method} ${path}`;
      if (!operation.operationId || operationIds.has(operation.operationId)) problems.push(`${name}: missing or duplicate operationId`);
      operationIds.add(operation.operationId ?? '');
      if (!operation.summary) problems.push(`${name}: no summary`);
      if (!operation.tags?.length) problems.push(`${name}: no tag`);
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((status) => /^2\d\d$/.test(status))) problems.push(`${name}: no success response`);
      for (const status of statuses) {
        const response = responseOf(operation, status);
        if (!response?.description) problems.push(`${name} ${status}: no description`);
        if (status !== '204' && !Object.values(response?.content ?? {}).some((media) => media.schema !== undefined)) problems.push(`${name} ${status}: no schema`);
        if (status === '204' && response?.content) problems.push(`${name} 204: has content`);
      }
      if (!statuses.includes('500')) problems.push(`${name}: no 500`);
      for (const [, parameter] of path.matchAll(/\{([^}]+)\}/g)) {
        if (!parameters(operation).some((p) => p.in === 'path' && p.name === parameter && p.required === true && p.description)) {
          problems.push(`${name}: path parameter ${parameter} is not described`);
        }
      }
      const isPublic = operation.security !== undefined && operation.security.some((requirement) => Object.keys(requirement).length === 0);
      if (!isPublic && !(statuses.includes('401') && statuses.includes('403'))) problems.push(`${name}: protected but no 401/403`);
      // A public operation may still offer its own optional scheme (the metrics token), and then answer 401 for it.
      const ownScheme = operation.security?.some((requirement) => Object.keys(requirement).some((scheme) => !['bearer', 'accessTokenQuery'].includes(scheme))) === true;
      if (isPublic && statuses.includes('401') && !ownScheme) problems.push(`${name}: public but declares 401`);
      if (operation.requestBody) {
        for (const status of ['400', '413', '415']) if (!statuses.includes(status)) problems.push(`${name}: takes a body but does not declare ${status}`);
      }
      if (method === 'POST' && path.startsWith('/api/v1/')) {
        if (!parameters(operation).some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required === false)) {
          problems.push(`${name}: no optional Idempotency-Key header`);
        }
        if (!statuses.includes('422')) problems.push(`${name}: no 422 for a reused Idempotency-Key`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names collection paths with their trailing slash and item paths without', () => {
    const paths = new Set(operationsOf(document).map(({ path }) => path));
    expect([...paths]).toEqual(
      expect.arrayContaining([
        '/api/v1/carts/',
        '/api/v1/carts/{id}',
        '/api/v1/carts/{cartId}/items/',
        '/api/v1/carts/{cartId}/items/{itemId}',
        '/api/v1/channels/',
        '/api/v1/channels/{code}',
        '/api/v1/exchange-rates/',
        '/api/v1/exchange-rates/{code}',
        '/api/v1/products/',
        '/api/v1/products/{code}',
        '/api/v1/products/{productCode}/variants/',
        '/api/v1/products/{productCode}/variants/{code}',
        '/api/v1/products/{productCode}/reviews/',
        '/api/v1/products/{productCode}/reviews/{id}',
        '/api/v1/products/{productCode}/reviews/{id}/accept',
        '/api/v1/products/{productCode}/reviews/{id}/reject',
        '/api/v1/promotions/',
        '/api/v1/promotions/{code}',
        '/api/v1/promotions/{promotionCode}/coupons/',
        '/api/v1/promotions/{promotionCode}/coupons/generate',
        '/api/v1/promotions/{promotionCode}/coupons/{code}',
        '/api/v1/taxons/',
        '/api/v1/taxons/{code}',
        '/api/v1/taxons/{code}/products',
        '/api/v1/customers/',
        '/api/v1/customers/{id}',
        '/api/v1/tax-categories/',
        '/api/v1/tax-categories/{code}',
        '/api/v1/product-options/',
        '/api/v1/product-options/{code}',
        '/api/v1/product-association-types/',
        '/api/v1/product-association-types/{code}',
        '/api/v1/shipping-categories/',
        '/api/v1/shipping-categories/{code}',
        '/api/v1/locales/',
        '/api/v1/locales/{code}',
        '/api/v1/currencies/',
        '/api/v1/currencies/{code}',
        '/api/v1/users/',
        '/api/v1/users/{id}',
        '/api/v1/api-clients/',
        '/api/v1/api-clients/{id}',
        '/api/v1/countries/',
        '/api/v1/countries/{code}',
        '/api/v1/countries/{countryCode}/provinces/{code}',
        '/api/v1/zones/',
        '/api/v1/zones/country',
        '/api/v1/zones/province',
        '/api/v1/zones/zone',
        '/api/v1/zones/{code}',
        '/api/v1/tax-rates/',
        '/api/v1/tax-rates/{code}',
        '/api/v1/shipping-methods/',
        '/api/v1/shipping-methods/{code}',
        '/api/v1/payment-methods/',
        '/api/v1/payment-methods/{code}',
        '/api/v1/product-attributes/',
        '/api/v1/product-attributes/text',
        '/api/v1/product-attributes/select',
        '/api/v1/product-attributes/{code}',
        '/api/oauth/v2/token',
      ]),
    );
    expect([...paths].filter((path) => /\/\{[^}]+\}\/$/.test(path) || path.endsWith('//'))).toEqual([]);
  });

  it('writes every schema in the OpenAPI 3.0 dialect', () => {
    const problems: string[] = [];
    const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
    let schemasSeen = 0;
    const visit = (value: unknown, at: string, inSchema: boolean): void => {
      if (Array.isArray(value)) return value.forEach((child, index) => visit(child, `${at}[${index}]`, inSchema));
      if (typeof value !== 'object' || value === null) return;
      const node = value as Record<string, unknown>;
      if (inSchema && !('$ref' in node)) {
        schemasSeen++;
        if (node.type !== undefined && !TYPES.includes(node.type as string)) problems.push(`${at}: type ${JSON.stringify(node.type)}`);
        if (node.required !== undefined && (!Array.isArray(node.required) || node.required.length === 0)) problems.push(`${at}: empty required`);
        if (Array.isArray(node.required) && node.additionalProperties === false) {
          for (const key of node.required as string[]) if (!(key in ((node.properties as object) ?? {}))) problems.push(`${at}: requires unknown ${key}`);
        }
        if (node.enum !== undefined && (!Array.isArray(node.enum) || node.enum.length === 0)) problems.push(`${at}: empty enum`);
        if (node.type === 'array' && node.items === undefined) problems.push(`${at}: array without items`);
        if (node.nullable !== undefined && node.type === undefined) problems.push(`${at}: nullable without type`);
        for (const keyword of ['const', '$defs', 'prefixItems', 'if', 'then', 'else', 'dependentRequired', 'unevaluatedProperties']) {
          if (keyword in node) problems.push(`${at}: ${keyword} is not OpenAPI 3.0`);
        }
      }
      for (const [key, child] of Object.entries(node)) {
        if (key === 'example' || key === 'examples') continue;
        const childIsSchema =
          key === 'schema' ||
          (inSchema && ['items', 'additionalProperties', 'not'].includes(key)) ||
          (inSchema && ['oneOf', 'anyOf', 'allOf'].includes(key));
        if (inSchema && key === 'properties') {
          for (const [name, property] of Object.entries(child as object)) visit(property, `${at}.properties.${name}`, true);
        } else if (at === 'components.schemas') {
          visit(child, `${at}.${key}`, true);
        } else {
          visit(child, `${at}.${key}`, childIsSchema || (inSchema && Array.isArray(child) && ['oneOf', 'anyOf', 'allOf'].includes(key)));
        }
      }
    };
    visit(document.paths, 'paths', false);
    visit(document.components?.schemas, 'components.schemas', false);
    expect(problems).toEqual([]);
    expect(schemasSeen).toBeGreaterThan(300);
  });

  it('resolves every reference', () => {
    const unresolved = refsIn(document).filter((ref) => {
      const [, section, name] = /^#\/components\/(schemas|headers)\/(.+)$/.exec(ref) ?? [];
      return section === undefined || (document.components as Record<string, Record<string, unknown> | undefined>)[section]?.[name] === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('has schemas that compile strictly and examples that match them', () => {
    const ajv = createAjv(document);
    const compiled = new Map<string, ValidateFunction>();
    const failures: string[] = [];
    const check = (at: string, schema: SchemaObject | ReferenceObject, example: unknown) => {
      const key = JSON.stringify({ ...schema, example: undefined });
      const validate = compiled.get(key) ?? ajv.compile(toAjvSchema(JSON.parse(key) as object));
      compiled.set(key, validate);
      if (!validate(example)) failures.push(`${at}: ${ajv.errorsText(validate.errors)}`);
    };
    let checked = 0;
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      for (const found of schemaExamples(schema, name)) {
        check(found.at, found.schema, found.example);
        checked++;
      }
    }
    for (const { method, path, operation } of operationsOf(document)) {
      const bodies: Array<[string, SchemaObject | ReferenceObject | undefined, Record<string, unknown> | undefined]> = [];
      const requestBody = operation.requestBody as RequestBodyObject | undefined;
      for (const [type, media] of Object.entries(requestBody?.content ?? {})) bodies.push([`${method} ${path} request ${type}`, media.schema, media.examples]);
      for (const status of Object.keys(operation.responses)) {
        const media = responseOf(operation, status)?.content?.['application/json'];
        bodies.push([`${method} ${path} ${status}`, media?.schema, media?.examples]);
      }
      for (const [at, schema, examples] of bodies) {
        for (const [name, example] of Object.entries(examples ?? {})) {
          check(`${at} example ${name}`, schema as SchemaObject, (example as { value: unknown }).value);
          checked++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('answers every operation with the generic errors it documents', async () => {
    // Each response also goes through the contract check of the test app.
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const isPublic = operation.security?.some((requirement) => Object.keys(requirement).length === 0) === true;
      const probe = async (name: string, status: number, headers: Record<string, string>, payload?: string) => {
        const response = await t.inject({ method: method, url, headers, ...(payload !== undefined && { payload }) });
        answers.push(`${method} ${path} ${name}: ${response.statusCode}`);
        expected.push(`${method} ${path} ${name}: ${status}`);
      };
      if (!isPublic) {
        await probe('without a token', 401, {});
        await probe('with a token without API access', 403, { authorization: `Bearer ${CLERK_TOKEN}` });
      }
      if (operation.requestBody) {
        await probe('with a text body', 415, { ...AUTH, 'content-type': 'text/plain' }, 'x');
        await probe('with malformed JSON', 400, { ...AUTH, 'content-type': 'application/json' }, '{"a":');
        await probe('with a body over 1 MiB', 413, { ...AUTH, 'content-type': 'application/json' }, JSON.stringify({ a: 'x'.repeat(1024 * 1024) }));
      }
    }
    expect(answers).toEqual(expected);
    expect(answers.length).toBeGreaterThan(60);
  });

  describe('the response check of the test app', () => {
    const show = () => t.inject({ method: 'GET', url: '/api/v1/channels/WEB', headers: AUTH });
    let channelResponse: Awaited<ReturnType<typeof show>>;

    beforeAll(async () => {
      channelResponse = await show();
      expect(channelResponse.statusCode).toBe(200);
    });

    const contractWith = (change: (copy: OpenAPIObject) => void) => {
      const copy = JSON.parse(JSON.stringify(document)) as OpenAPIObject;
      change(copy);
      return new OpenApiContract(copy, t.running.routes);
    };

    it('accepts the real response', () => {
      expect(() => new OpenApiContract(document, t.running.routes).verify('GET', '/api/v1/channels/WEB', channelResponse)).not.toThrow();
    });

    it('rejects a body the schema does not allow', () => {
      const contract = contractWith((copy) => {
        const channel = copy.components!.schemas!.Channel as SchemaObject;
        channel.required = [...(channel.required ?? []), 'currency'];
        channel.properties = { ...channel.properties, currency: { type: 'string' } };
      });
      expect(() => contract.verify('GET', '/api/v1/channels/WEB', channelResponse)).toThrow(
        /GET \/api\/v1\/channels\/WEB answered 200, a body that does not match the schema[\s\S]*must have required property 'currency'/,
      );
    });

    it('rejects a status the operation does not declare', () => {
      const contract = contractWith((copy) => {
        delete copy.paths['/api/v1/channels/{code}'].get!.responses['200'];
      });
      expect(() => contract.verify('GET', '/api/v1/channels/WEB', channelResponse)).toThrow(/a status \/api\/v1\/channels\/\{code\} does not declare for GET/);
    });

    it('rejects a route the document does not know', () => {
      const contract = contractWith((copy) => {
        delete copy.paths['/api/v1/channels/{code}'];
      });
      expect(() => contract.verify('GET', '/api/v1/channels/WEB', channelResponse)).toThrow(/the route GET \/api\/v1\/channels\/:code is not in the document/);
    });

    it('rejects a response without a required header', () => {
      const contract = new OpenApiContract(document, t.running.routes);
      const withoutRequestId = { ...channelResponse, headers: { ...channelResponse.headers, 'x-request-id': undefined } } as typeof channelResponse;
      expect(() => contract.verify('GET', '/api/v1/channels/WEB', withoutRequestId)).toThrow(/without the required header X-Request-Id/);
    });
  });
});
