import { applyTransition, type ResolvedState, type TransitionTable } from '../../../common/state-machines/transition-table';

/** The order's shipping state (`shippingState`, never shown), resolved from its shipments. */
export type OrderShippingStateName = 'cart' | 'ready' | 'cancelled' | 'partially_shipped' | 'shipped';
export type OrderShippingTransition = 'request_shipping' | 'cancel' | 'partially_ship' | 'ship';

export const ORDER_SHIPPING_TRANSITIONS: TransitionTable<OrderShippingStateName, OrderShippingTransition> = {
  request_shipping: { from: ['cart'], to: 'ready' },
  cancel: { from: ['ready'], to: 'cancelled' },
  partially_ship: { from: ['ready'], to: 'partially_shipped' },
  ship: { from: ['ready', 'partially_shipped'], to: 'shipped' },
};

/**
 * The order's shipping state after a shipment changed: shipped when every shipment is (an order with
 * none included), partially shipped when only some are; a shipped order stays shipped.
 */
export function resolveOrderShippingState(current: string, shipmentStates: readonly string[]): ResolvedState<OrderShippingTransition> {
  if (current === 'shipped') return { state: current, applied: null };
  const shipped = shipmentStates.filter((state) => state === 'shipped').length;
  const transition: OrderShippingTransition | null = shipped === shipmentStates.length ? 'ship' : shipped > 0 ? 'partially_ship' : null;
  const next = transition === null ? null : applyTransition(ORDER_SHIPPING_TRANSITIONS, current, transition);
  return next === null ? { state: current, applied: null } : { state: next, applied: transition };
}
