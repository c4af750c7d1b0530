import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { serializeCurrency } from '../currencies/currency.serializer';
import type { ExchangeRate } from '../entities/exchange-rate.entity';

/** An exchange rate, the same in its list and on its own; its currencies loaded. */
export function serializeExchangeRate(rate: ExchangeRate) {
  return {
    id: rate.id,
    ratio: rate.ratio,
    sourceCurrency: serializeCurrency(rate.sourceCurrency),
    targetCurrency: serializeCurrency(rate.targetCurrency),
    updatedAt: formatDateTime(rate.updatedAt),
    _links: selfLink(links.exchangeRate(rate.sourceCurrency.code, rate.targetCurrency.code)),
  };
}
