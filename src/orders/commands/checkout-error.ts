/**
 * not_found: no such order; wrong_state: the `complete` transition does not apply (the message is the
 * state machine's); not_placeable: the order cannot be placed as it is (each message is one reason, in
 * the order the checkout's complete form reports them).
 */
export type CheckoutErrorReason = 'not_found' | 'wrong_state' | 'not_placeable';

/** Why a checkout cannot be completed; nothing of the attempt is kept. */
export class CheckoutError extends Error {
  readonly messages: readonly string[];

  constructor(
    readonly reason: CheckoutErrorReason,
    messages: string | readonly string[],
  ) {
    const list = typeof messages === 'string' ? [messages] : messages;
    super(list.join(' '));
    this.messages = list;
    this.name = 'CheckoutError';
  }
}
