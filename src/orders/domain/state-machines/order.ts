import { applyIfAllowed, type TransitionTable } from '../../../common/state-machines/transition-table';

/** The order's own state (`state`): a cart becomes `new` when placed, then `cancelled` or `fulfilled`. */
export type OrderStateName = 'cart' | 'new' | 'cancelled' | 'fulfilled';
export type OrderTransition = 'create' | 'cancel' | 'fulfill';

export const ORDER_TRANSITIONS: TransitionTable<OrderStateName, OrderTransition> = {
  create: { from: ['cart'], to: 'new' },
  cancel: { from: ['new'], to: 'cancelled' },
  fulfill: { from: ['new'], to: 'fulfilled' },
};

/** An order that is both paid and shipped is fulfilled (when its state allows it); otherwise it keeps its state. */
export function resolveOrderState<Current extends string>(state: Current, paymentState: string, shippingState: string): OrderStateName | Current {
  return paymentState === 'paid' && shippingState === 'shipped' ? applyIfAllowed(ORDER_TRANSITIONS, state, 'fulfill') : state;
}
