import { randomBytes } from 'node:crypto';

/**
 * A new client's public id and secret. The secret has 256 random bits, so its SHA-256 is all that needs
 * storing: a slow hash guards guessable passwords, and nobody can guess this.
 */
export function newClientCredentials(): { clientId: string; secret: string } {
  return { clientId: randomBytes(24).toString('base64url'), secret: randomBytes(32).toString('base64url') };
}
