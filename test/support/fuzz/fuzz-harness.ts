import { readFileSync } from 'node:fs';
import { inWriteTransaction } from '../../../src/database/write-transaction';
import { join } from 'node:path';
import fc from 'fast-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LightMyRequestResponse } from 'fastify';
import { engineOrderHooks, loadFixtures, parseFixtureYaml } from '../../../src/fixtures';
import { WebhookSubscription } from '../../../src/webhooks/entities/webhook-subscription.entity';
import { Product } from '../../../src/catalog/entities/product.entity';
import { ProductAttributeTranslation } from '../../../src/catalog/attributes/product-attribute-translation.entity';
import { ProductAttribute } from '../../../src/catalog/attributes/product-attribute.entity';
import { ProductReview } from '../../../src/catalog/reviews/product-review.entity';
import { Customer } from '../../../src/customers/entities/customer.entity';
import { newSigningSecret } from '../../../src/webhooks/signing-secrets';
import { startTestApp, type TestApp } from '../test-app';
import { finishedTransactionsMark, fingerprint, fingerprintStatement, readIdPools } from './database-state';
import { errorBodyProblem, parseJsonBody } from './error-shapes';
import { BODY_METHODS, PoolPick, renderPath, TOKEN, type Pools, type RouteSpec } from './fuzz-requests';
import { discoverFormFields, learnIds, type Fetch } from './learned-shapes';
import type { FuzzRequest } from './to-request';

/**
 * How many generated cases a property runs: FUZZ_RUNS overrides the default (e.g. FUZZ_RUNS=20000), and
 * FUZZ_SCALE multiplies every suite's own default (CI's second pass runs FUZZ_SCALE=0.4).
 */
export function fuzzRuns(fallback: number): number {
  const configured = Number(process.env.FUZZ_RUNS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  const scale = Number(process.env.FUZZ_SCALE);
  return scale > 0 ? Math.max(1, Math.round(fallback * scale)) : fallback;
}

/**
 * Runs a property and, on failure, throws the failing exchange itself (the generated value can be
 * megabytes long). FUZZ_SEED replays a run; FUZZ_SHRINK=1 shrinks a failure to a smaller case.
 */
export async function assertProperty<T>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const seed = Number(process.env.FUZZ_SEED);
  const details = await fc.check(property, { numRuns, endOnFailure: process.env.FUZZ_SHRINK !== '1', ...(Number.isInteger(seed) ? { seed } : {}) });
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${cause}\n  after ${details.numRuns} cases; replay with FUZZ_SEED=${details.seed}`);
}

const DEMO = join(__dirname, '..', '..', '..', 'fixtures', 'demo.yaml');

/** More carts and deletable customers than the demo has, so successful deletes rarely force a reload. */
const SPARE_YAML = `
customers:
${Array.from({ length: 8 }, (_, index) => `  - {email: spare${index}@fuzz.test, firstName: Spare, lastName: Number${index}}`).join('\n')}
orders:
${Array.from({ length: 10 }, (_, index) => `  - {customer: spare${index % 8}@fuzz.test, channel: ${index % 3 === 2 ? 'EU_WEB' : 'WEB'}, localeCode: ${index % 3 === 2 ? 'de_DE' : 'en_US'}, items: [{variant: MUG_SW, quantity: ${1 + (index % 3)}}, {variant: T_SHIRT_STRIPES_M, quantity: 1}]}`).join('\n')}
`;

/** Webhook subscriptions (the fixtures have none), so their item routes reach their forms too. */
const SPARE_WEBHOOKS = [
  { url: 'https://1.1.1.1/hooks/orders', events: ['order.*'], description: 'Orders' },
  { url: 'https://hooks.example.com/all', events: ['*'], enabled: false },
  { url: 'https://8.8.8.8/customers', events: ['customer.created', 'customer.deleted'] },
];

async function loadDemoShop(t: TestApp): Promise<void> {
  const sources = [
    { file: 'demo.yaml', data: parseFixtureYaml('demo.yaml', readFileSync(DEMO, 'utf8')) },
    { file: 'spare.yaml', data: parseFixtureYaml('spare.yaml', SPARE_YAML) },
  ];
  await inWriteTransaction(t.em(), async (em: EntityManager) => {
    await loadFixtures(em, sources, { purge: true, now: new Date(), outbox: t.outbox }, engineOrderHooks);
    const now = new Date();
    for (const webhook of SPARE_WEBHOOKS) em.create(WebhookSubscription, { ...webhook, secret: newSigningSecret(), createdAt: now, updatedAt: now });
    // Reviews (the fixtures have none), so the review item routes reach their forms too.
    const mug = await em.findOneOrFail(Product, { code: 'MUG' });
    const authors = await em.find(Customer, { email: { $like: 'spare%@fuzz.test' } }, { orderBy: { id: 'asc' }, limit: 3 });
    for (const [index, author] of authors.entries()) em.create(ProductReview, { title: `Spare review ${index}`, rating: 1 + index, comment: 'Fine.', product: mug, author });
    // Attributes (the fixtures have none either), for the attribute item routes; the product form's examples name mug_material.
    for (const [position, code] of ['spare_material', 'spare_weight', 'mug_material'].entries()) {
      const attribute = em.create(ProductAttribute, { code, type: 'text', storageType: 'text', position });
      em.create(ProductAttributeTranslation, { attribute, locale: 'en_US', name: `Spare ${code}` });
    }
    await em.flush();
  });
}

export interface FuzzStats {
  cases: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  stateChecks: number;
  /** State checks that hashed every table (a transaction finished during the request). */
  fingerprints: number;
  reloads: number;
  started: number;
}

const SLOW_CASE_MS = 30_000;

const truncate = (text: string, length = 400): string => (text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);

/**
 * The demo shop behind the real HTTP stack, with the registered routes, pools of existing ids, and a
 * check for one request: never 5xx, a JSON body of a documented shape, and no state change on a 4xx.
 */
/** Routes whose answers are not JSON API bodies by design (documentation pages, Prometheus text). */
const SERVED_AS_NON_JSON = ['/api/doc', '/metrics'];

export class FuzzHarness {
  readonly stats: FuzzStats = { cases: 0, byStatus: {}, byRoute: {}, stateChecks: 0, fingerprints: 0, reloads: 0, started: Date.now() };
  routes: RouteSpec[] = [];
  /** Form fields by `METHOD url`, learned from the application's own validation answers. */
  readonly formFields = new Map<string, string[]>();
  pools!: Pools;
  private t!: TestApp;
  private statement = '';
  private current = '';

  static async start(): Promise<FuzzHarness> {
    const harness = new FuzzHarness();
    // The fuzz judges answers with its own error-shape checker; the OpenAPI check of the rest of the suite
    // matches a path to its route the simple way and would misjudge dot segments the router normalizes.
    harness.t = await startTestApp({ validateResponses: false });
    await harness.reload();
    const seen = new Set<string>();
    for (const { method, url } of harness.t.running.routes.list()) {
      if (SERVED_AS_NON_JSON.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}.`))) continue;
      const key = `${method} ${url.replace(/\/+$/, '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      harness.routes.push({ method, url, params: url.split('/').filter((segment) => segment.startsWith(':')) });
    }
    await harness.learnPools();
    for (const route of harness.routes.filter((candidate) => BODY_METHODS.has(candidate.method))) {
      const url = renderPath(route, route.params.map(() => new PoolPick('related', 0)), route.params.length >= 2 ? 0 : null, harness.pools, false);
      const fields = await discoverFormFields(route, url, harness.fetch);
      if (fields) harness.formFields.set(`${route.method} ${route.url}`, fields);
    }
    // The probes may have written (an empty PATCH is a valid one): start the run from the demo shop.
    await harness.reload();
    harness.stats.reloads = 0;
    harness.stats.started = Date.now();
    return harness;
  }

  /** A plain authorized request outside the checks (learning ids and form fields). */
  private readonly fetch: Fetch = async (method, url, payload) => {
    const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await this.t.inject({ method: method, url, headers, payload });
    return { status: response.statusCode, body: response.body };
  };

  /** The application's OpenAPI document. */
  async openApiDocument(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.fetch('GET', '/api/doc.json')).body) as Record<string, unknown>;
  }

  private async learnPools(): Promise<void> {
    const rows = await readIdPools(this.t.em());
    this.pools = { ...rows, learned: await learnIds(this.routes, this.fetch) };
  }

  close(): Promise<void> {
    return this.t.close();
  }

  /** Restores the demo shop (after the fuzzer's successful writes have used it up). */
  async reload(): Promise<void> {
    await loadDemoShop(this.t);
    this.statement ||= await fingerprintStatement(this.t.em());
    if (this.routes.length > 0) await this.learnPools();
    this.current = await fingerprint(this.t.em(), this.statement);
    this.stats.reloads += 1;
  }

  /** Sends one request and throws with the whole exchange when it breaks a rule. */
  async check(route: RouteSpec, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const mark = await finishedTransactionsMark(this.t.em());
    const sent = Date.now();
    const response = await this.t.inject(request);
    const took = Date.now() - sent;
    if (process.env.FUZZ_PROGRESS && took > 2000) {
      process.stderr.write(`slow: ${took} ms ${request.method} ${truncate(request.url, 200)} ${truncate(JSON.stringify(request.headers), 200)} body ${truncate(request.payload ?? '', 300)} -> ${response.statusCode}\n`);
    }
    const status = response.statusCode;
    this.stats.cases += 1;
    if (process.env.FUZZ_PROGRESS && this.stats.cases % 100 === 0) process.stderr.write(`${this.stats.cases} cases, ${Date.now() - this.stats.started} ms\n`);
    this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
    const routeKey = `${route.method} ${route.url}`;
    this.stats.byRoute[routeKey] = (this.stats.byRoute[routeKey] ?? 0) + 1;

    const problems: string[] = [];
    if (status >= 500) problems.push(`status ${status}`);
    // Generous (machines running these are often busy): an answer this slow means a pathological case.
    if (took > SLOW_CASE_MS) problems.push(`the answer took ${took} ms`);
    if (request.method !== 'HEAD') {
      if (status === 204) {
        if (response.body !== '') problems.push('a 204 with a body');
      } else {
        const parsed = parseJsonBody(response.body);
        if ('problem' in parsed) problems.push(parsed.problem);
        else if (status >= 400) {
          const shape = errorBodyProblem(status, parsed.value);
          if (shape) problems.push(`undocumented error body: ${shape}`);
        }
      }
    }
    const wrote = (await finishedTransactionsMark(this.t.em())) !== mark;
    const after = wrote ? await fingerprint(this.t.em(), this.statement) : this.current;
    this.stats.stateChecks += 1;
    if (wrote) this.stats.fingerprints += 1;
    if (status >= 400 && after !== this.current) problems.push(`the database changed on a ${status}`);
    this.current = after;

    if (problems.length > 0) {
      const payload = request.payload === undefined ? '' : `\n  body: ${truncate(typeof request.payload === 'string' ? request.payload : JSON.stringify(request.payload))}`;
      throw new Error(
        `${problems.join('; ')}\n  request: ${request.method} ${truncate(request.url)}\n  headers: ${truncate(JSON.stringify(request.headers ?? {}))}${payload}` +
          `\n  response: ${status} ${truncate(response.body)}`,
      );
    }
    if (status < 300 && request.method !== 'GET') await this.afterWrite();
    return response;
  }

  private async afterWrite(): Promise<void> {
    await this.learnPools();
    if (this.pools.carts < 4 || this.pools.customers < 8) await this.reload();
    // Learning ids only reads, but the fingerprint is taken again in case a read wrote.
    this.current = await fingerprint(this.t.em(), this.statement);
  }

  summary(name: string): string {
    const seconds = ((Date.now() - this.stats.started) / 1000).toFixed(1);
    return `${name}: ${this.stats.cases} requests in ${seconds} s over ${this.routes.length} routes (${this.formFields.size} forms learned), ${this.stats.stateChecks} state checks (${this.stats.fingerprints} hashing every table), ` +
      `${this.stats.reloads} shop reloads; statuses ${JSON.stringify(this.stats.byStatus)}`;
  }
}
