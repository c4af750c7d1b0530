import { isEmail } from 'class-validator';
import fc from 'fast-check';
import { canonicalEmail } from '../../src/customers/canonical-email';
import { AUTH, insertCustomer } from '../support/customer-data';
import { customerValidationFailed } from '../support/customer-expectations';
import { assertProperty, fuzzRuns } from '../support/fuzz/fuzz-harness';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(10 * 60_000);

/**
 * Characters whose canonical form differs from themselves: capitals that lowercase to two code
 * points (İ), compatibility forms NFKC rewrites (fullwidth letters, ligatures, Kelvin and Ångström
 * signs, superscripts), decomposed accents, and plain ASCII to mix with.
 */
const TRICKY = ['İ', 'Ａ', 'ｚ', 'ﬁ', 'ﬀ', 'K', 'Å', '²', 'e\u0301', 'A\u030a', 'é', 'ß', 'ǅ', 'Σ', 'ς'];
const PLAIN = [...'abcxyz019.-_'];
const part = (min: number, max: number) =>
  fc.array(fc.oneof({ arbitrary: fc.constantFrom(...TRICKY), weight: 2 }, { arbitrary: fc.constantFrom(...PLAIN), weight: 3 }), { minLength: min, maxLength: max }).map((chars) => chars.join(''));
const label = fc.oneof(part(1, 8), part(40, 63));
/** Emails (mostly valid in shape) made of those characters, some long enough for the canonical form to overflow. */
const unicodeEmail = fc
  .tuple(part(1, 64), fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom('com', 'org', 'ｃｏｍ'))
  .map(([local, labels, tld]) => `${local}@${[...labels, tld].join('.')}`);

const EMAIL_MESSAGES = ['This email is invalid.', 'Email must not be longer than 254 characters.', 'This email is already used.', 'Please enter your email.'];
const chars = (value: string): number => [...value].length;

describe('fuzz: case-expanding and normalising Unicode emails on customer writes', () => {
  let t: TestApp;
  let target: number;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
    target = (await insertCustomer(t.em(), { email: 'fuzz-target@example.com', gender: 'u' })).id;
  });
  afterAll(() => t?.close());

  /** The email's error in a 400 body, or null when the body is not the form tree with exactly that field in error. */
  const emailError = (body: unknown): string | null => {
    const children = (body as { errors?: { children?: Record<string, { errors?: string[] }> } }).errors?.children ?? {};
    const errors = children.email?.errors;
    return errors?.length === 1 ? errors[0] : null;
  };

  it('never answers 5xx; stores the canonical form; look-alikes of a stored email are duplicates', async () => {
    await assertProperty(
      fc.asyncProperty(unicodeEmail, fc.constantFrom('POST', 'PUT', 'PATCH'), async (email, method) => {
        const url = method === 'POST' ? '/api/v1/customers/' : `/api/v1/customers/${target}`;
        const response = await t.inject({ method, url, headers: AUTH, payload: { email, gender: 'm' } });
        const context = `${method} ${JSON.stringify(email)} → ${response.statusCode} ${response.body}`;
        if (response.statusCode >= 500) throw new Error(context);
        const overflows = chars(email) > 254 || chars(canonicalEmail(email)) > 254;
        if (response.statusCode === 400) {
          const message = emailError(json(response));
          if (message === null || !EMAIL_MESSAGES.includes(message)) throw new Error(context);
          if (overflows && isEmail(email) && message !== 'Email must not be longer than 254 characters.') throw new Error(context);
          return;
        }
        if (overflows || ![201, 204].includes(response.statusCode)) throw new Error(context);
        const id = method === 'POST' ? (json(response) as { id: number }).id : target;
        const shown = json(await t.inject({ method: 'GET', url: `/api/v1/customers/${id}`, headers: AUTH })) as { email: string; emailCanonical: string };
        if (shown.email !== email || shown.emailCanonical !== canonicalEmail(email)) throw new Error(`${context}; shown ${JSON.stringify(shown)}`);
        // The same email decomposed (canonically or for compatibility) is the same customer.
        for (const lookAlike of [email.normalize('NFD'), email.normalize('NFKD')]) {
          if (method !== 'POST' || !isEmail(lookAlike) || chars(lookAlike) > 254) continue;
          const again = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload: { email: lookAlike, gender: 'm' } });
          if (again.statusCode !== 400 || again.body !== JSON.stringify(customerValidationFailed({ fields: { email: ['This email is already used.'] } }))) {
            throw new Error(`${context}; look-alike ${JSON.stringify(lookAlike)} → ${again.statusCode} ${again.body}`);
          }
        }
      }),
      fuzzRuns(120),
    );
  });
});
