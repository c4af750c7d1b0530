import { links, selfLink } from '../../common/links';
import type { Currency } from '../entities/currency.entity';

/** A currency, the same in its list and on its own. */
export function serializeCurrency(currency: Currency) {
  return { id: currency.id, code: currency.code, _links: selfLink(links.currency(currency.code)) };
}
