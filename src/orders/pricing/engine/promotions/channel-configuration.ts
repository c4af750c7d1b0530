import type { ChannelKeyed } from '../types';

/** The part of a channel-keyed configuration that applies to the channel, if any. */
export function configurationForChannel<T>(configuration: ChannelKeyed<T>, channelCode: string): T | undefined {
  return Object.hasOwn(configuration, channelCode) ? configuration[channelCode] : undefined;
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
