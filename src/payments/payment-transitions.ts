import type { TransitionTable } from '../common/state-machines/transition-table';

/** A payment's own state. Only `complete` (and `cancel`, through an order's cancellation) is reachable through the API. */
export type PaymentStateName = 'cart' | 'new' | 'processing' | 'authorized' | 'completed' | 'failed' | 'cancelled' | 'refunded';
export type PaymentTransition = 'create' | 'process' | 'authorize' | 'complete' | 'fail' | 'cancel' | 'refund';

export const PAYMENT_TRANSITIONS: TransitionTable<PaymentStateName, PaymentTransition> = {
  create: { from: ['cart'], to: 'new' },
  process: { from: ['new'], to: 'processing' },
  authorize: { from: ['new', 'processing'], to: 'authorized' },
  complete: { from: ['new', 'processing', 'authorized'], to: 'completed' },
  fail: { from: ['new', 'processing'], to: 'failed' },
  cancel: { from: ['new', 'processing', 'authorized'], to: 'cancelled' },
  refund: { from: ['completed'], to: 'refunded' },
};
