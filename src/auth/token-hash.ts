import { createHash, randomBytes } from 'node:crypto';

/** Tokens and client secrets are stored only as their SHA-256 (hex). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 512 random bits as 86 URL-safe characters, the length clients of the reference expect. */
export function generateToken(): string {
  return randomBytes(64).toString('base64url');
}
