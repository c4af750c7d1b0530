import fc from 'fast-check';
import { assertProperty, FuzzHarness, fuzzRuns } from '../support/fuzz/fuzz-harness';
import { rawPayload, SWEEP_PAYLOADS } from '../support/fuzz/hostile-payloads';
import { rawRequest } from '../support/fuzz/to-request';

jest.setTimeout(30 * 60_000); // bounded by the number of cases; a loaded machine is slow

/**
 * Hostile request bodies on every registered route, with a valid token and path ids the API lists:
 * broken and non-object JSON, duplicate and prototype keys, deep nesting, bodies around the size
 * limit, huge arrays, wrong content types. Same rules: no 5xx, a documented JSON body, no change on a 4xx.
 */
describe('fuzz: hostile payloads on every registered route', () => {
  let h: FuzzHarness;

  beforeAll(async () => {
    h = await FuzzHarness.start();
  });
  afterAll(async () => {
    if (h === undefined) return; // its setup failed; the test environment closes what it opened
    process.stdout.write(`${h.summary('fuzz-payloads')}\n`);
    await h.close();
  });

  it('answers each route safely for a fixed set of hostile bodies', async () => {
    for (const route of h.routes) {
      for (const [index, payload] of SWEEP_PAYLOADS.entries()) {
        await h.check(route, rawRequest(route, route.method, payload, h.pools, index));
      }
    }
    expect(h.stats.cases).toBe(h.routes.length * SWEEP_PAYLOADS.length);
  });

  it('answers each route safely for random hostile bodies', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    await assertProperty(
      fc.asyncProperty(
        fc.constantFrom(...h.routes),
        fc.option(fc.constantFrom(...methods), { freq: 6 }),
        rawPayload,
        fc.nat(),
        async (route, otherMethod, payload, pick) => {
          await h.check(route, rawRequest(route, otherMethod ?? route.method, payload, h.pools, pick));
        },
      ),
      fuzzRuns(600),
    );
  });
});
