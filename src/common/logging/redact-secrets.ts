/** Keys whose values are credentials (or hashes of them), compared case-insensitively. */
const SECRET_KEYS = new Set(
  [
    'authorization',
    'cookie',
    'set-cookie',
    'password',
    'plainPassword',
    'passwordHash',
    'client_secret',
    'clientSecret',
    'secretHash',
    'refresh_token',
    'refreshToken',
    'access_token',
    'accessToken',
    'tokenHash',
  ].map((key) => key.toLowerCase()),
);

export const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a log object with every secret-named value censored, at any depth (plain objects and arrays).
 * Objects without secrets are returned as they are, so the common case allocates nothing.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH || !isPlainContainer(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const redacted = redactSecrets(item, depth + 1);
      if (redacted !== item) (copy ??= [...value])[index] = redacted;
    });
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const redacted = SECRET_KEYS.has(key.toLowerCase()) && item !== undefined && item !== null ? REDACTED : redactSecrets(item, depth + 1);
    if (redacted !== item) (copy ??= { ...value })[key] = redacted;
  }
  return (copy ?? value) as T;
}
