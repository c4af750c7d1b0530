import { ApiError } from '../../../src/common/errors/api-error';
import { idempotencyKeyOf } from '../../../src/idempotency/idempotency-key-header';
import { canonicalJson, requestFingerprint } from '../../../src/idempotency/request-fingerprint';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { y: null, x: 'é"' }], c: true } })).toBe('{"a":{"c":true,"d":[3,{"x":"é\\"","y":null}]},"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });
});

describe('requestFingerprint', () => {
  const base = requestFingerprint('POST', '/api/v1/carts/', { customer: 'a@b.c', channel: 'WEB' });

  it('is a SHA-256 in hex', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores key order, a trailing slash, the query string and the case of the method', () => {
    expect(requestFingerprint('post', '/api/v1/carts?access_token=abc', { channel: 'WEB', customer: 'a@b.c' })).toBe(base);
  });

  it('tells apart another method, path or body', () => {
    const others = [
      requestFingerprint('PUT', '/api/v1/carts/', { customer: 'a@b.c', channel: 'WEB' }),
      requestFingerprint('POST', '/api/v1/customers/', { customer: 'a@b.c', channel: 'WEB' }),
      requestFingerprint('POST', '/api/v1/carts/', { customer: 'a@b.c', channel: 'WEB2' }),
      requestFingerprint('POST', '/api/v1/carts/', { customer: 'a@b.c', channel: 'WEB', extra: null }),
      requestFingerprint('POST', '/api/v1/carts/', { customer: 'a@b.c', channel: ['WEB'] }),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('reads a missing body as an empty object, as the body parser does', () => {
    expect(requestFingerprint('POST', '/x', undefined)).toBe(requestFingerprint('POST', '/x', {}));
  });
});

describe('idempotencyKeyOf', () => {
  it('is null without the header and the value with a valid one', () => {
    expect(idempotencyKeyOf({})).toBeNull();
    expect(idempotencyKeyOf({ 'idempotency-key': 'a b-c_1:2/3' })).toBe('a b-c_1:2/3');
    expect(idempotencyKeyOf({ 'idempotency-key': 'k'.repeat(255) })).toBe('k'.repeat(255));
  });

  const thrownBy = (value: string | string[]): unknown => {
    try {
      idempotencyKeyOf({ 'idempotency-key': value });
    } catch (error) {
      return error;
    }
    return null;
  };

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
    ['a control character', 'tab\there'],
    ['sent twice (in-process)', ['a', 'b']],
  ])('rejects a key (%s) with the 400', (_label, value) => {
    const error = thrownBy(value);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { code: 400, message: 'Invalid Idempotency-Key header' } });
  });
});
