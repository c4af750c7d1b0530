import { Writable } from 'node:stream';
import { createLogger } from './logger';
import { REDACTED, redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  it('censors secret-named values at any depth, in objects and arrays, whatever the key case', () => {
    const input = {
      password: 'p1',
      headers: { Authorization: 'Bearer t', cookie: 'c', 'set-cookie': ['s'] },
      body: { client_secret: 'cs', user: { plainPassword: 'pp' }, grants: [{ refresh_token: 'rt', access_token: 'at' }] },
      deep: { a: { b: { c: { d: { passwordHash: 'h', keep: 1 } } } } },
    };
    expect(redactSecrets(input)).toEqual({
      password: REDACTED,
      headers: { Authorization: REDACTED, cookie: REDACTED, 'set-cookie': REDACTED },
      body: { client_secret: REDACTED, user: { plainPassword: REDACTED }, grants: [{ refresh_token: REDACTED, access_token: REDACTED }] },
      deep: { a: { b: { c: { d: { passwordHash: REDACTED, keep: 1 } } } } },
    });
    expect(input.body.user.plainPassword).toBe('pp');
  });

  it('returns objects without secrets unchanged and leaves empty secret fields alone', () => {
    const clean = { method: 'GET', route: '/x', nested: { list: [1, { a: 'b' }] }, password: null };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('does not walk class instances such as errors or requests', () => {
    const error = Object.assign(new Error('boom'), { detail: 'kept' });
    const input = { err: error };
    expect(redactSecrets(input)).toBe(input);
  });
});

describe('createLogger', () => {
  it('writes JSON with secrets censored and secret query parameters masked in request URLs', () => {
    let output = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
    const logger = createLogger('info', destination);
    logger.info({ req: { method: 'GET', url: '/t?client_secret=abc&password=def&x=1' }, body: { user: { plainPassword: 'ghi' } } }, 'hello');
    const line = JSON.parse(output) as Record<string, unknown>;
    expect(line).toMatchObject({
      req: { method: 'GET', url: '/t?client_secret=[redacted]&password=[redacted]&x=1' },
      body: { user: { plainPassword: REDACTED } },
      msg: 'hello',
    });
    expect(output).not.toMatch(/abc|def|ghi/);
  });
});
