import { ChannelReferenceSchema } from '../channels/channels.openapi';
import { arrayOf, boolean, closedObject, dateTime, integer, link, SEGMENT, string } from '../common/openapi/schema-builders';
import { definePageSchema } from '../common/openapi/page-schema';
import { defineSchema } from '../common/openapi/schema-registry';
import { resourceNotFoundMessage } from '../common/errors/api-error';

/** Wire shapes of promotions and their coupons (see promotion.serializer.ts). */

export const PROMOTION_NOT_FOUND = resourceNotFoundMessage('promotion');
export const PROMOTION_COUPON_NOT_FOUND = resourceNotFoundMessage('promotion coupon');

const PROMOTION_HREF = `^/api/v1/promotions/${SEGMENT}$`;
const COUPONS_HREF = `^/api/v1/promotions/${SEGMENT}/coupons/$`;

/** A promotion's links: itself and, when it is coupon-based, its coupons. */
const promotionLinks = (example: string) =>
  closedObject(
    { self: link(PROMOTION_HREF, `/api/v1/promotions/${example}`), coupons: link(COUPONS_HREF, `/api/v1/promotions/${example}/coupons/`, 'Only when the promotion is coupon-based.') },
    { optional: ['coupons'] },
  );

const PromotionSettingSchema = defineSchema(
  'PromotionSetting',
  closedObject(
    {
      id: integer(),
      type: string({ description: 'The rule checker or action type, e.g. `has_taxon`, `order_percentage_discount`.' }),
      configuration: {
        description: 'Settings of the type as stored; per-channel settings are keyed by channel code. Empty settings are written as `[]`.',
        oneOf: [
          { type: 'object', additionalProperties: true },
          { type: 'array', maxItems: 0, items: {} },
        ],
      },
    },
    {
      description: 'A rule (when the promotion applies) or an action (what it does).',
      example: { id: 1, type: 'order_percentage_discount', configuration: { percentage: 0.1 } },
    },
  ),
);

export const PromotionSchema = defineSchema(
  'Promotion',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      description: string(),
      priority: integer({ description: 'Promotions with a higher priority are applied first.' }),
      exclusive: boolean({ description: 'When it applies, no promotion with a lower priority does.' }),
      usageLimit: integer({ minimum: 0, description: 'How many orders may use it at most.' }),
      used: integer({ minimum: 0, description: 'How many placed orders used it.' }),
      startsAt: dateTime('When the promotion starts.'),
      endsAt: dateTime('When the promotion ends.'),
      couponBased: boolean({ description: 'Applies only with one of its coupons.' }),
      rules: arrayOf(PromotionSettingSchema, { description: 'In the order they are checked.' }),
      actions: arrayOf(PromotionSettingSchema, { description: 'In the order they are applied.' }),
      createdAt: dateTime('When the promotion was created.'),
      updatedAt: dateTime('When the promotion was last changed.'),
      channels: arrayOf(ChannelReferenceSchema, { description: 'The channels it applies in.' }),
      _links: promotionLinks('ten_percent_coupon'),
    },
    {
      optional: ['description', 'usageLimit', 'startsAt', 'endsAt'],
      description: 'A promotion with its rules, actions and channels.',
      example: {
        id: 1,
        code: 'ten_percent_coupon',
        name: 'Ten percent off with a coupon',
        description: 'Ten percent off the whole order with the coupon SAVE10.',
        priority: 0,
        exclusive: false,
        used: 1,
        couponBased: true,
        rules: [],
        actions: [{ id: 1, type: 'order_percentage_discount', configuration: { percentage: 0.1 } }],
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        channels: [
          { id: 1, code: 'WEB', _links: { self: { href: '/api/v1/channels/WEB' } } },
          { id: 2, code: 'EU_WEB', _links: { self: { href: '/api/v1/channels/EU_WEB' } } },
        ],
        _links: { self: { href: '/api/v1/promotions/ten_percent_coupon' }, coupons: { href: '/api/v1/promotions/ten_percent_coupon/coupons/' } },
      },
    },
  ),
);

export const PromotionCouponSchema = defineSchema(
  'PromotionCoupon',
  closedObject(
    {
      id: integer(),
      code: string(),
      used: integer({ minimum: 0, description: 'How many times the coupon has been used.' }),
      usageLimit: integer({ minimum: 0, description: 'How many times it may be used at most.' }),
      expiresAt: dateTime('When the coupon expires.'),
      createdAt: dateTime('When the coupon was created.'),
      updatedAt: dateTime('When the coupon was last changed.'),
      perCustomerUsageLimit: integer({ minimum: 0, description: 'How many times one customer may use it at most.' }),
      _links: closedObject({
        self: link(`^/api/v1/promotions/${SEGMENT}/coupons/${SEGMENT}$`, '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10'),
        promotion: link(PROMOTION_HREF, '/api/v1/promotions/ten_percent_coupon'),
      }),
    },
    {
      optional: ['usageLimit', 'expiresAt', 'perCustomerUsageLimit'],
      description: 'A promotion coupon with every exposed field.',
      example: {
        id: 1,
        code: 'SAVE10',
        used: 1,
        usageLimit: 100,
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        perCustomerUsageLimit: 1,
        _links: { self: { href: '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10' }, promotion: { href: '/api/v1/promotions/ten_percent_coupon' } },
      },
    },
  ),
);

const promotionsHref = (query: string) => ({ href: `/api/v1/promotions/?${query}` });

const promotionPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 2,
  _links: {
    self: promotionsHref('criteria%5BcouponBased%5D=false&page=1&limit=10'),
    first: promotionsHref('criteria%5BcouponBased%5D=false&page=1&limit=10'),
    last: promotionsHref('criteria%5BcouponBased%5D=false&page=1&limit=10'),
  },
  _embedded: {
    items: [
      { id: 2, code: 'big_spender', name: 'Big spender discount', priority: 1, _links: { self: { href: '/api/v1/promotions/big_spender' } } },
      { id: 3, code: 't_shirt_week', name: 'T-shirt week', priority: 0, _links: { self: { href: '/api/v1/promotions/t_shirt_week' } } },
    ],
  },
};

const PromotionListItemSchema = defineSchema(
  'PromotionListItem',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      priority: integer({ description: 'Promotions with a higher priority are applied first.' }),
      _links: promotionLinks('big_spender'),
    },
    { description: 'A promotion in the promotion list.', example: promotionPageExample._embedded.items[0] },
  ),
);

export const PageOfPromotionListItemSchema = definePageSchema(
  'PromotionListItem',
  PromotionListItemSchema,
  { pattern: '/api/v1/promotions/', example: '/api/v1/promotions/' },
  promotionPageExample,
);
