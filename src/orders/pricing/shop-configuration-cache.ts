import type { EntityManager } from '@mikro-orm/postgresql';
import type { EngineShop } from './engine';
import type { CouponFacts } from './pricing-facts';
import { loadShopConfigurationSnapshot, type ShopConfigurationSnapshot } from './load-shop-configuration';

/**
 * Per-process cache of each channel's shop configuration (zones, tax rates, shipping methods, the
 * channel's promotions with rules and actions, payment methods), so that processing an order needs no
 * configuration statement at all while the configuration is unchanged.
 *
 * Validity: the database keeps a `shop_configuration_version` counter that triggers move, in the writing
 * transaction, whenever one of those tables changes (see Migration20261121150000). The order-input
 * statement, which runs for every processing anyway, returns the counter from its own snapshot; an entry
 * is used only when it was read at exactly that version, otherwise the configuration is read again (one
 * statement, with its version from the same snapshot) and replaces the entry. So another instance or a
 * fixture load changing the configuration is seen by the next order processed here, with no time window.
 *
 * Volatile parts are never cached: promotion usage (`used`, moved by every completed checkout and left out
 * of the counter) comes fresh from the order-input statement, and coupons are not cached at all; that
 * statement reads the one coupon the order names, which is the only one the engine looks at.
 *
 * Entries are kept per ORM instance (they hold one database's data) and per channel; they are frozen, so
 * nothing can change a cached object by accident.
 */
interface Entry {
  version: string;
  snapshot: ShopConfigurationSnapshot;
}

const caches = new WeakMap<object, Map<number, Entry>>();

function cacheOf(em: EntityManager): Map<number, Entry> {
  const owner = em.getDriver();
  let cache = caches.get(owner);
  if (cache === undefined) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const nested of Object.values(value)) deepFreeze(nested);
  }
  return value;
}

/**
 * The shop configuration of a channel as of `version` (the one read with the order): the cached one when
 * it was read at exactly that version, else read again (one statement) and cached.
 */
export async function shopConfigurationAt(em: EntityManager, channelId: number, version: string | null): Promise<ShopConfigurationSnapshot> {
  const cache = cacheOf(em);
  const entry = cache.get(channelId);
  if (version !== null && entry !== undefined && entry.version === version) return entry.snapshot;
  const snapshot = await loadShopConfigurationSnapshot(em, channelId, false);
  if (snapshot.version === null) cache.delete(channelId);
  else cache.set(channelId, { version: snapshot.version, snapshot: deepFreeze(snapshot) });
  return snapshot;
}

/**
 * The engine's shop: a channel's configuration with the promotion usage read with the order (or under
 * lock) and the order's coupon as the only coupon of its promotion.
 */
export function shopWith(snapshot: ShopConfigurationSnapshot, promotionUsage: ReadonlyMap<number, number>, coupon: CouponFacts | null): EngineShop {
  const { shop, promotionIds } = snapshot;
  return {
    ...shop,
    promotions: shop.promotions.map((promotion, index) => {
      const id = promotionIds[index];
      return {
        ...promotion,
        used: promotionUsage.get(id) ?? promotion.used,
        coupons: coupon !== null && coupon.promotionId === id ? [coupon] : [],
      };
    }),
  };
}
