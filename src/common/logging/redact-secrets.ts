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
    // It opens the answer stored for it (src/idempotency/key-secrets.ts).
    'idempotency-key',
    'idempotencyKey',
  ].map((key) => key.toLowerCase()),
);

export const REDACTED = '[redacted]';

/**
 * The name a query-string or form parser makes of a raw parameter name: `+` is a space and each
 * percent-escape is decoded. Secret names are ASCII, so decoding ASCII escapes one by one is enough
 * (and a broken escape elsewhere in the name cannot hide the rest).
 */
function decodedName(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  return raw.replace(/\+/g, ' ').replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a parameter or key names a credential: by its decoded name, any case, `name[...]` included. */
function isSecretName(raw: string): boolean {
  const name = decodedName(raw).toLowerCase();
  const bracket = name.indexOf('[');
  return SECRET_KEYS.has(bracket > 0 ? name.slice(0, bracket) : name);
}

/**
 * A URL with the value of every secret-named query parameter replaced by `[redacted]`, judged by the
 * decoded name (so `access%5ftoken=` and `pass%77ord=` are masked like the plain names).
 */
export function maskSecretsInUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const masked = url
    .slice(queryStart + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals >= 0 ? part.slice(0, equals) : part;
      return equals >= 0 && isSecretName(name) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, queryStart + 1)}${masked}`;
}
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
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const redacted = isSecretName(key) && item !== undefined && item !== null ? REDACTED : redactSecrets(item, depth + 1);
    if (redacted !== item) (copy ??= { ...value })[key] = redacted;
  }
  return (copy ?? value) as T;
}
