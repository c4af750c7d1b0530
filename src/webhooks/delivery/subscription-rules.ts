/** Whether an event type is among a subscription's patterns: a type, `prefix.*`, or `*` for all. */
export function matchesEventPatterns(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))));
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function activeSigningSecrets(subscription: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now: Date): string[] {
  const previous = subscription.previousSecret !== null && subscription.previousSecretExpiresAt !== null && subscription.previousSecretExpiresAt > now;
  return previous ? [subscription.secret, subscription.previousSecret as string] : [subscription.secret];
}
