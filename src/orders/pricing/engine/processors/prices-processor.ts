import { MissingChannelPriceError } from '../errors';
import type { WorkingOrder } from '../working-order';

/** Every run re-reads each unit price from the variant's price in the order's channel. */
export function processPrices(order: WorkingOrder): void {
  const channel = order.source.channel;
  for (const item of order.items) {
    const variant = item.source.variant;
    const price = Object.hasOwn(variant.channelPrices, channel.code) ? variant.channelPrices[channel.code] : undefined;
    if (typeof price !== 'number') {
      throw new MissingChannelPriceError(variant.code, channel.code, variant.name, channel.name);
    }
    item.unitPrice = price;
  }
}
