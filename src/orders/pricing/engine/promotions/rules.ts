import type { EngineOrder, EnginePromotionRule, EngineShop } from '../types';
import { itemTotal, itemsTotal, totalQuantity, type WorkingItem, type WorkingOrder } from '../working-order';
import { configurationForChannel, isNumber } from './channel-configuration';

export interface RuleSubject {
  order: WorkingOrder;
  shop: EngineShop;
}

function channelCode(order: WorkingOrder): string {
  return order.source.channel.code;
}

function productHasTaxon(item: WorkingItem, taxonCodes: readonly string[]): boolean {
  return item.source.variant.productTaxonCodes.some((code) => taxonCodes.includes(code));
}

function isKnownTaxon(shop: EngineShop, taxonCode: string): boolean {
  return shop.taxonCodes === undefined || shop.taxonCodes.includes(taxonCode);
}

function nthOrderSatisfied(customer: EngineOrder['customer'], nth: unknown): boolean {
  if (!Number.isInteger(nth) || customer === null) {
    return false;
  }
  // A customer that was never saved cannot have placed orders: only a first-order promotion fits.
  if (customer.id === null) {
    return nth === 1;
  }
  return customer.placedOrdersCount === (nth as number) - 1;
}

/** Whether one promotion rule holds for the order as it currently stands (earlier discounts included). */
export function isRuleSatisfied(rule: EnginePromotionRule, { order, shop }: RuleSubject): boolean {
  const source = order.source;
  switch (rule.type) {
    case 'cart_quantity': {
      const count = rule.configuration.count;
      return isNumber(count) && totalQuantity(order) >= count;
    }
    case 'item_total': {
      const amount = configurationForChannel(rule.configuration, channelCode(order))?.amount;
      return isNumber(amount) && itemsTotal(order) >= amount;
    }
    case 'has_taxon': {
      const taxons = rule.configuration.taxons;
      return Array.isArray(taxons) && order.items.some((item) => productHasTaxon(item, taxons));
    }
    case 'total_of_items_from_taxon': {
      const configuration = configurationForChannel(rule.configuration, channelCode(order));
      if (configuration === undefined || !isNumber(configuration.amount) || typeof configuration.taxon !== 'string') {
        return false;
      }
      if (!isKnownTaxon(shop, configuration.taxon)) {
        return false;
      }
      let total = 0;
      for (const item of order.items) {
        if (productHasTaxon(item, [configuration.taxon])) {
          total += itemTotal(item);
        }
      }
      return total >= configuration.amount;
    }
    case 'contains_product':
      return order.items.some((item) => item.source.variant.productCode === rule.configuration.product_code);
    case 'nth_order':
      return nthOrderSatisfied(source.customer, rule.configuration.nth);
    case 'customer_group': {
      return source.customer?.groupCodes.includes(rule.configuration.group_code) ?? false;
    }
    case 'shipping_country':
      return source.shippingAddress !== null && source.shippingAddress.countryCode === rule.configuration.country;
    default:
      return false;
  }
}
