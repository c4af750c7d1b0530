import { applyTransition, type ResolvedState, type TransitionTable } from '../../../common/state-machines/transition-table';

/** The order's payment state (`paymentState`, never shown), resolved from its payments. */
export type OrderPaymentStateName =
  | 'cart'
  | 'awaiting_payment'
  | 'partially_authorized'
  | 'authorized'
  | 'partially_paid'
  | 'cancelled'
  | 'paid'
  | 'partially_refunded'
  | 'refunded';
export type OrderPaymentTransition = 'request_payment' | 'partially_authorize' | 'authorize' | 'partially_pay' | 'cancel' | 'pay' | 'partially_refund' | 'refund';

export const ORDER_PAYMENT_TRANSITIONS: TransitionTable<OrderPaymentStateName, OrderPaymentTransition> = {
  request_payment: { from: ['cart'], to: 'awaiting_payment' },
  partially_authorize: { from: ['awaiting_payment', 'partially_authorized'], to: 'partially_authorized' },
  authorize: { from: ['awaiting_payment', 'partially_authorized'], to: 'authorized' },
  partially_pay: { from: ['awaiting_payment', 'partially_paid', 'partially_authorized'], to: 'partially_paid' },
  cancel: { from: ['awaiting_payment', 'authorized', 'partially_authorized'], to: 'cancelled' },
  pay: { from: ['awaiting_payment', 'partially_paid', 'authorized'], to: 'paid' },
  partially_refund: { from: ['paid', 'partially_paid', 'partially_refunded'], to: 'partially_refunded' },
  refund: { from: ['paid', 'partially_paid', 'partially_refunded'], to: 'refunded' },
};

export interface PaymentAmount {
  state: string;
  amount: number;
}

/** What the order's payments add up to: the transition they call for, or null. The first rule that matches wins. */
function transitionFor(orderTotal: number, payments: readonly PaymentAmount[]): OrderPaymentTransition | null {
  const sum = (state: string) => {
    const matching = payments.filter((payment) => payment.state === state);
    return { count: matching.length, total: matching.reduce((total, payment) => total + payment.amount, 0) };
  };
  const refunded = sum('refunded');
  if (refunded.count > 0 && refunded.total >= orderTotal) return 'refund';
  if (refunded.total > 0 && refunded.total < orderTotal) return 'partially_refund';
  const completed = sum('completed');
  // Nothing to pay counts as paid.
  if ((completed.count > 0 && completed.total >= orderTotal) || payments.length === 0) return 'pay';
  if (completed.total > 0 && completed.total < orderTotal) return 'partially_pay';
  const authorized = sum('authorized');
  if (authorized.count > 0 && authorized.total >= orderTotal) return 'authorize';
  if (authorized.total > 0 && authorized.total < orderTotal) return 'partially_authorize';
  return null;
}

/** The order's payment state after a payment changed: the transition the payments call for, where the current state allows it. */
export function resolveOrderPaymentState(current: string, orderTotal: number, payments: readonly PaymentAmount[]): ResolvedState<OrderPaymentTransition> {
  const transition = transitionFor(orderTotal, payments);
  const next = transition === null ? null : applyTransition(ORDER_PAYMENT_TRANSITIONS, current, transition);
  return next === null ? { state: current, applied: null } : { state: next, applied: transition };
}
