import { defaultPaymentMethod, resolvePaymentMethodCode } from './payment';
import { aChannel, aPaymentMethod } from './testing/builders';

const channel = aChannel();
const methods = [
  aPaymentMethod('late', { position: 3 }),
  aPaymentMethod('disabled', { position: 0, enabled: false }),
  aPaymentMethod('other_channel', { position: 0, channelCodes: ['MOBILE'] }),
  aPaymentMethod('first_tie', { position: 1 }),
  aPaymentMethod('second_tie', { position: 1 }),
];

describe('payment method resolution', () => {
  it('defaults to the first enabled method of the channel by position, ties in given order', () => {
    expect(defaultPaymentMethod(methods, channel)?.code).toBe('first_tie');
  });

  it('has no default when the channel has no enabled method', () => {
    expect(defaultPaymentMethod([methods[1], methods[2]], channel)).toBeNull();
  });

  it.each<[string, number, string | null, string | null]>([
    ['a free order has no payment', 0, 'late', null],
    ['an existing cart payment keeps its method', 100, 'disabled', 'disabled'],
    ['a new payment gets the default method', 100, null, 'first_tie'],
  ])('%s', (_, total, current, expected) => {
    expect(resolvePaymentMethodCode(total, current, methods, channel)).toBe(expected);
  });

  it('creates no payment when there is no method at all', () => {
    expect(resolvePaymentMethodCode(100, null, [], channel)).toBeNull();
  });
});
