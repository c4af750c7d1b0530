import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The SHA-256 (hex) of an Idempotency-Key: what the `key` column holds and is looked up by. */
export function idempotencyKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function derivedKey(key: string, scope: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, scope, `idempotency-key ${purpose}`, 32));
}

/**
 * What the idempotency_key table may keep of one admin's key. The raw key is never stored, and the table
 * alone yields neither the answer (which may hold a client secret) nor the request (which may hold a
 * password): the answer is sealed with AES-256-GCM and the request fingerprint is an HMAC, each under a
 * key derived from the raw key by HKDF-SHA-256 with the scope as salt. A replay sends the raw key again,
 * so it can derive them; whoever reads the table would have to guess the key.
 */
export class KeySecrets {
  readonly keyHash: string;
  private readonly answerKey: Buffer;
  private readonly fingerprintKey: Buffer;
  /** Binds a sealed answer to its row: it opens under no other scope or key. */
  private readonly rowId: Buffer;

  constructor(scope: string, key: string) {
    this.keyHash = idempotencyKeyHash(key);
    this.answerKey = derivedKey(key, scope, 'answer');
    this.fingerprintKey = derivedKey(key, scope, 'fingerprint');
    this.rowId = Buffer.from(`${scope}\n${this.keyHash}`, 'utf8');
  }

  /** The stored form of a request fingerprint (SHA-256 hex in, HMAC-SHA-256 hex out: 64 characters). */
  fingerprint(requestHash: string): string {
    return createHmac('sha256', this.fingerprintKey).update(requestHash, 'utf8').digest('hex');
  }

  /** Base64 of IV, tag and ciphertext. */
  seal(body: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.answerKey, iv, { authTagLength: TAG_BYTES }).setAAD(this.rowId);
    const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The body `seal` was given; throws when the stored text was not sealed under this scope and key. */
  open(stored: string): string {
    const bytes = Buffer.from(stored, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('a stored idempotent answer is not sealed');
    const decipher = createDecipheriv(CIPHER, this.answerKey, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES }).setAAD(this.rowId);
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
