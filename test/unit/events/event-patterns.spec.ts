import { EVENT_PREFIX_PATTERNS, isEventPattern, matchesEventPatterns } from '../../../src/events/event-patterns';
import { EVENT_TYPES } from '../../../src/events/event-types';

describe('event patterns', () => {
  it('lists the event types of the contract and one prefix pattern per resource', () => {
    expect(EVENT_TYPES).toEqual([
      'cart.created',
      'cart.updated',
      'cart.deleted',
      'order.placed',
      'order.cancelled',
      'order.fulfilled',
      'payment.completed',
      'shipment.shipped',
      'customer.created',
      'customer.updated',
      'customer.deleted',
      'product.created',
      'product.updated',
      'product.deleted',
      'product_variant.created',
      'product_variant.updated',
      'product_variant.deleted',
      'taxon.created',
      'taxon.updated',
      'taxon.deleted',
      'channel.created',
      'channel.updated',
      'channel.deleted',
      'promotion.created',
      'promotion.updated',
      'promotion.deleted',
      'promotion_coupon.created',
      'promotion_coupon.updated',
      'promotion_coupon.deleted',
    ]);
    expect(EVENT_PREFIX_PATTERNS).toEqual([
      'cart.*',
      'order.*',
      'payment.*',
      'shipment.*',
      'customer.*',
      'product.*',
      'product_variant.*',
      'taxon.*',
      'channel.*',
      'promotion.*',
      'promotion_coupon.*',
    ]);
  });

  it.each([
    ['*', true],
    ['order.*', true],
    ['customer.deleted', true],
    ['order.shipped', false],
    ['orders.*', false],
    ['order.', false],
    ['order', false],
    ['*.*', false],
    ['*.placed', false],
    ['order.p*', false],
    ['webhook.ping', false],
    ['Order.placed', false],
    [' order.placed', false],
    ['', false],
  ])('%j is a pattern a subscription may list: %s', (pattern, valid) => {
    expect(isEventPattern(pattern)).toBe(valid);
  });

  it.each([
    [['*'], 'order.placed', true],
    [['*'], 'customer.deleted', true],
    [['order.*'], 'order.placed', true],
    [['order.*'], 'order.fulfilled', true],
    [['order.*'], 'payment.completed', false],
    [['order.*'], 'orders.placed', false],
    [['cart.*'], 'cart', false],
    [['order.placed'], 'order.placed', true],
    [['order.placed'], 'order.cancelled', false],
    [['order.placed', 'customer.*'], 'customer.updated', true],
    [['order.placed', 'customer.*'], 'cart.created', false],
    [[], 'order.placed', false],
  ])('%j matches %s: %s', (patterns, type, expected) => {
    expect(matchesEventPatterns(patterns, type)).toBe(expected);
  });
});
