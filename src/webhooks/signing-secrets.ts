import { randomBytes } from 'node:crypto';
import type { WebhookSubscription } from './entities/webhook-subscription.entity';

const SECRET_PREFIX = 'whsec_';
/** Within the 24–64 bytes of the contract; the Standard Webhooks libraries decode the base64 part as the HMAC key. */
const SECRET_BYTES = 32;

/** How long the secret before a rotation still signs deliveries. */
const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

type SecretHolder = Pick<WebhookSubscription, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>;

/** The secrets that sign a delivery at `now`: the current one, and the previous one until 24 h after the rotation. */
export function activeSigningSecrets(subscription: SecretHolder, now: Date): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = subscription;
  const previousActive = previousSecret !== null && previousSecretExpiresAt !== null && previousSecretExpiresAt.getTime() > now.getTime();
  return previousActive ? [secret, previousSecret] : [secret];
}

/** Makes a new secret current; the old one keeps signing for PREVIOUS_SECRET_GRACE_MS. Returns the new secret. */
export function rotateSigningSecret(subscription: SecretHolder, now: Date): string {
  const secret = newSigningSecret();
  subscription.previousSecret = subscription.secret;
  subscription.previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS);
  subscription.secret = secret;
  return secret;
}
