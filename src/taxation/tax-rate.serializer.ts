import { formatDateTime } from '../common/datetime';
import { links } from '../common/links';
import type { TaxRate } from './entities/tax-rate.entity';

/** A tax rate, the same in its list and on its own: the amount as a fraction, its category and zone as links. */
export function serializeTaxRate(rate: TaxRate) {
  return {
    id: rate.id,
    code: rate.code,
    name: rate.name,
    amount: Number(rate.amount),
    includedInPrice: rate.includedInPrice,
    calculator: rate.calculator,
    createdAt: formatDateTime(rate.createdAt),
    updatedAt: formatDateTime(rate.updatedAt),
    _links: {
      self: { href: links.taxRate(rate.code) },
      category: { href: links.taxCategory(rate.category.code) },
      zone: { href: links.zone(rate.zone.code) },
    },
  };
}
