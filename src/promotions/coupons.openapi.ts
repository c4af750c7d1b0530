import { resourceInUseMessage } from '../common/errors/api-error';
import { errorBody } from '../common/openapi/error-schemas';
import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import type { ResponseSpec } from '../common/openapi/responses';
import { arrayOf, closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { AMOUNT_BLANK, CODE_BLANK, CODE_LENGTH_TOO_HIGH, GENERATE_MAX, USAGE_LIMIT_TOO_LOW } from './forms/coupon-messages';
import { CouponForm, CouponGenerationForm } from './forms/coupon.form';
import { PromotionCouponSchema } from './promotions.openapi';

/** Wire shapes of coupon lists and coupon writes (see promotion.serializer.ts and forms/coupon.form.ts). */

export const PROMOTION_COUPON_IN_USE = resourceInUseMessage('promotion coupon');
/** The 409 of a coupon write under a promotion that is not coupon-based; the message names the promotion. */
export const notCouponBasedResponse = (): ResponseSpec => ({
  status: 409,
  description: 'The promotion is not coupon-based: it takes no coupons.',
  schema: errorBody(409, [], { pattern: '^Promotion with name .+ is not coupon based\\.$' }),
  examples: { notCouponBased: { summary: 'A promotion without coupons', value: { code: 409, message: 'Promotion with name Christmas is not coupon based.' } } },
});

const couponHref = (code: string) => `/api/v1/promotions/ten_percent_coupon/coupons/${code}`;

const couponPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 2,
  _links: {
    self: { href: '/api/v1/promotions/ten_percent_coupon/coupons/?page=1&limit=10' },
    first: { href: '/api/v1/promotions/ten_percent_coupon/coupons/?page=1&limit=10' },
    last: { href: '/api/v1/promotions/ten_percent_coupon/coupons/?page=1&limit=10' },
  },
  _embedded: {
    items: [
      { id: 1, code: 'SAVE10', used: 1, usageLimit: 100, _links: { self: { href: couponHref('SAVE10') } } },
      { id: 2, code: 'XMAS', used: 0, expiresAt: '2026-12-27T00:00:00+0000', _links: { self: { href: couponHref('XMAS') } } },
    ],
  },
};

const PromotionCouponListItemSchema = defineSchema(
  'PromotionCouponListItem',
  closedObject(
    {
      id: integer(),
      code: string(),
      used: integer({ minimum: 0, description: 'How many times the coupon has been used.' }),
      usageLimit: integer({ minimum: 1, description: 'How many times it may be used at most.' }),
      expiresAt: dateTime('When the coupon expires.'),
      _links: selfLinks(`^/api/v1/promotions/${SEGMENT}/coupons/${SEGMENT}$`, couponHref('SAVE10')),
    },
    { optional: ['usageLimit', 'expiresAt'], description: 'A coupon in its promotion\'s coupon list.', example: couponPageExample._embedded.items[0] },
  ),
);

export const PageOfPromotionCouponsSchema = definePageSchema(
  'PromotionCoupons',
  PromotionCouponListItemSchema,
  { pattern: `/api/v1/promotions/${SEGMENT}/coupons/`, example: '/api/v1/promotions/ten_percent_coupon/coupons/' },
  couponPageExample,
);

export const GeneratedCouponsSchema = defineSchema(
  'GeneratedPromotionCoupons',
  arrayOf(PromotionCouponSchema, { description: 'The new coupons, each as GET shows it, in creation order.' }),
);

const fields = {
  usageLimit: { description: 'How many times it may be used at most (1 or more); null for no limit.', example: 100 },
  expiresAt: { description: '`YYYY-MM-DD`: the coupon is valid until that day begins (UTC); null for never.', example: '2026-12-27' },
  perCustomerUsageLimit: { description: 'How many times one customer may use it at most (1 or more); null for no limit.', example: 1 },
  reusableFromCancelledOrders: { description: 'Whether a cancelled order gives its use back. Left out on POST and PUT: false. Never shown.' },
};
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };
const createExample = { usageLimit: 100, expiresAt: '2026-12-27', perCustomerUsageLimit: 1, reusableFromCancelledOrders: true, code: 'XMAS' };

export const CouponCreateRequestSchema = requestSchemaFor(CouponForm, 'PromotionCouponCreateRequest', {
  required: ['code'],
  description: 'The coupon form of POST.',
  example: createExample,
  properties: { ...fields, code: { description: 'Unique among all coupons; 2 characters or more; letters, digits, dashes and underscores.', example: 'XMAS' } },
});
export const CouponReplaceRequestSchema = requestSchemaFor(CouponForm, 'PromotionCouponReplaceRequest', {
  required: [],
  description: 'The coupon form of PUT: every field left out is cleared.',
  example: { usageLimit: 50 },
  properties: { ...fields, code: ignoredCode },
});
export const CouponPatchRequestSchema = requestSchemaFor(CouponForm, 'PromotionCouponPatchRequest', {
  required: [],
  description: 'The coupon form of PATCH: only the fields given change.',
  example: { usageLimit: 50 },
  properties: { ...fields, code: ignoredCode },
});

const generateExample = { amount: 3, prefix: 'XMAS-', suffix: '', codeLength: 6, expiresAt: '2026-12-27', usageLimit: 1 };
export const CouponGenerationRequestSchema = requestSchemaFor(CouponGenerationForm, 'PromotionCouponGenerationRequest', {
  required: ['amount', 'codeLength'],
  description: 'How many coupons to generate and how their codes look.',
  example: generateExample,
  properties: {
    amount: { description: `How many coupons, 1 to ${GENERATE_MAX}; at most half the codes the length makes.`, example: 3 },
    prefix: { description: 'Put before the random part of every code; letters, digits, dashes and underscores.', example: 'XMAS-' },
    suffix: { description: 'Put after the random part of every code; letters, digits, dashes and underscores.' },
    codeLength: { description: 'Length of the random part (upper-case hexadecimal digits), 1 to 40.', example: 6 },
    expiresAt: fields.expiresAt,
    usageLimit: fields.usageLimit,
  },
});

export const couponRequestExamples = { limited: { summary: 'A coupon for 100 uses, once per customer', value: createExample } };
export const couponUpdateExamples = { limit: { summary: 'A new usage limit (PUT clears the rest)', value: { usageLimit: 50 } } };
export const couponGenerationExamples = { three: { summary: 'Three single-use coupons', value: generateExample } };

const COUPON_CHILDREN = { usageLimit: {}, expiresAt: {}, perCustomerUsageLimit: {}, reusableFromCancelledOrders: {}, code: {} };
export const couponValidationExample = { code: 400, message: 'Validation Failed', errors: { children: { ...COUPON_CHILDREN, code: { errors: [CODE_BLANK] } } } };
export const couponUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { ...COUPON_CHILDREN, usageLimit: { errors: [USAGE_LIMIT_TOO_LOW] } } },
};
export const couponGenerationValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { amount: { errors: [AMOUNT_BLANK] }, prefix: {}, suffix: {}, codeLength: { errors: [CODE_LENGTH_TOO_HIGH] }, expiresAt: {}, usageLimit: {} } },
};
