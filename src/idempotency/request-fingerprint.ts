import { createHash } from 'node:crypto';

/** JSON with the keys of every object sorted, so the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The path as routed (trailing slashes do not matter). The query string is left out: no POST takes
 * parameters there, and the one that may appear, `access_token`, changes when the token is refreshed.
 */
function routedPath(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart >= 0 ? url.slice(0, queryStart) : url;
  return path.replace(/\/+$/, '') || '/';
}

/**
 * What makes two requests "the same" for an Idempotency-Key: SHA-256 (hex) of the method, the path
 * and the parsed body re-serialized canonically. Whitespace and key order of the JSON do not matter.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${routedPath(url)}\n${canonicalJson(body ?? {})}`)
    .digest('hex');
}
