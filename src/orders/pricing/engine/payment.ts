import type { EngineChannel, EnginePaymentMethod } from './types';

/** First enabled method of the channel by position (ties keep the given order). */
export function defaultPaymentMethod(
  methods: readonly EnginePaymentMethod[],
  channel: EngineChannel,
): EnginePaymentMethod | null {
  const candidates = methods
    .filter((method) => method.enabled && method.channelCodes.includes(channel.code))
    .sort((a, b) => a.position - b.position);
  return candidates[0] ?? null;
}

/**
 * The cart payment's method: none for a free order; otherwise the existing cart payment keeps its method,
 * and a new payment gets the channel's default method (none when the channel has no method).
 */
export function resolvePaymentMethodCode(
  orderTotal: number,
  currentMethodCode: string | null,
  methods: readonly EnginePaymentMethod[],
  channel: EngineChannel,
): string | null {
  if (orderTotal === 0) {
    return null;
  }
  if (currentMethodCode !== null) {
    return currentMethodCode;
  }
  return defaultPaymentMethod(methods, channel)?.code ?? null;
}
