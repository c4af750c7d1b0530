import { resourceInUseMessage } from '../common/errors/api-error';
import { requestSchemaFor, type RequestSchemaOptions } from '../common/openapi/request-schema';
import { ACTION_TYPES, RULE_TYPES } from './forms/promotion-configuration';
import { CODE_BLANK, END_BEFORE_START, NAME_BLANK } from './forms/promotion-messages';
import { DateTimeForm, PromotionForm } from './forms/promotion.form';

/** Request shapes of promotion writes (see forms/promotion.form.ts) and their examples. */

export const PROMOTION_IN_USE = resourceInUseMessage('promotion');

const moment = (what: string) => ({
  description: `${what}: a date (\`YYYY-MM-DD\`) and a time (\`HH:MM\`, midnight when left out), in UTC; both empty or null for none.`,
  properties: {
    date: { description: '`YYYY-MM-DD`.', example: '2026-12-01' },
    time: { description: '`HH:MM` (or `HH:MM:SS`).', example: '08:00' },
  },
});

const CONFIGURATION = `Settings of the type. Money is sent in major units and stored in minor units (\`{"WEB": {"amount": 12}}\` is 1200); a percentage is sent from 0 to 100 and stored as a fraction (15 is 0.15); taxon and product lists are lists of codes or one comma-separated text. Per type: \`cart_quantity\` {count}, \`customer_group\` {group_code}, \`nth_order\` {nth}, \`shipping_country\` {country}, \`has_taxon\` {taxons}, \`total_of_items_from_taxon\` {<channel>: {taxon, amount}}, \`contains_product\` {product_code}, \`item_total\` {<channel>: {amount}}; \`order_fixed_discount\` {<channel>: {amount}}, \`unit_fixed_discount\` {<channel>: {amount, filters?}}, \`order_percentage_discount\` {percentage}, \`unit_percentage_discount\` {<channel>: {percentage, filters?}}, \`shipping_percentage_discount\` {percentage}. Filters: {price_range_filter: {min, max}, taxons_filter: {taxons}, products_filter: {products}}. A violation is reported on \`configuration\`, prefixed with the key path it is about (\`WEB.amount: …\`).`;

const setting = (types: readonly string[], example: { type: string; configuration: unknown }) => ({
  description: 'In the order they are checked or applied; also accepted as an object keyed by index.',
  properties: {
    type: { enum: [...types], example: example.type },
    configuration: { replace: true, type: 'object' as const, additionalProperties: true, nullable: true, description: CONFIGURATION, example: example.configuration },
  },
});

const nested: RequestSchemaOptions['nested'] = {
  startsAt: moment('When the promotion starts'),
  endsAt: moment('When the promotion ends; not before it starts'),
  rules: setting(RULE_TYPES, { type: 'item_total', configuration: { WEB: { amount: 100 } } }),
  actions: setting(ACTION_TYPES, { type: 'order_percentage_discount', configuration: { percentage: 10 } }),
};

const fields = {
  name: { description: '2 to 255 characters.', example: 'Christmas' },
  description: { description: '2 to 255 characters.', example: 'Ten percent off everything over 100.' },
  exclusive: { description: 'When it applies, no promotion with a lower priority does. Left out on POST and PUT: false.' },
  usageLimit: { description: 'How many placed orders may use it at most; null for no limit.' },
  priority: { description: 'Higher first; 0 when left out on POST and PUT (or null).' },
  couponBased: { description: 'Applies only with one of its coupons. Left out on POST and PUT: false.' },
  channels: { description: 'Codes of the channels it applies in (one code alone is a list of one).', example: ['WEB'] },
};
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };
const nestedForms = { startsAt: DateTimeForm, endsAt: DateTimeForm };

const createExample = {
  name: 'Christmas',
  description: 'Ten percent off everything over 100.',
  exclusive: false,
  usageLimit: 1000,
  startsAt: { date: '2026-12-01', time: '00:00' },
  endsAt: { date: '2026-12-24', time: '23:59' },
  priority: 2,
  couponBased: false,
  rules: [{ type: 'item_total', configuration: { WEB: { amount: 100 } } }],
  actions: [{ type: 'order_percentage_discount', configuration: { percentage: 10 } }],
  channels: ['WEB'],
  code: 'christmas',
};

export const PromotionCreateRequestSchema = requestSchemaFor(
  PromotionForm,
  'PromotionCreateRequest',
  {
    required: ['name', 'code'],
    description: 'The promotion form of POST.',
    example: createExample,
    properties: { ...fields, code: { description: 'Unique; letters, digits, dashes and underscores.', example: 'christmas' } },
    nested,
  },
  nestedForms,
);

export const PromotionReplaceRequestSchema = requestSchemaFor(
  PromotionForm,
  'PromotionReplaceRequest',
  {
    required: ['name'],
    description: 'The promotion form of PUT: every field left out is cleared (rules, actions and channels to none).',
    example: { ...createExample, code: undefined },
    properties: { ...fields, code: ignoredCode },
    nested,
  },
  nestedForms,
);

export const PromotionPatchRequestSchema = requestSchemaFor(
  PromotionForm,
  'PromotionPatchRequest',
  {
    required: [],
    description: 'The promotion form of PATCH: only the fields given change; rules, actions and channels, when given, replace the promotion\'s.',
    example: { actions: [{ type: 'order_percentage_discount', configuration: { percentage: 15 } }] },
    properties: { ...fields, code: ignoredCode },
    nested,
  },
  nestedForms,
);

export const promotionRequestExamples = { christmas: { summary: 'A dated promotion with a rule and an action', value: createExample } };
export const promotionReplaceExamples = {
  rename: { summary: 'A new name and priority; everything else cleared', value: { name: 'Christmas sale', priority: 5 } },
};
export const promotionUpdateExamples = {
  discount: { summary: 'Another discount', value: { actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 5 } } }] } },
};

const NO_VIOLATIONS = {
  name: {},
  description: {},
  exclusive: {},
  usageLimit: {},
  startsAt: { children: { date: {}, time: {} } },
  endsAt: { children: { date: {}, time: {} } },
  priority: {},
  couponBased: {},
  rules: { children: [] },
  actions: { children: [] },
  channels: {},
  code: {},
};

export const promotionValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { ...NO_VIOLATIONS, name: { errors: [NAME_BLANK] }, code: { errors: [CODE_BLANK] } } },
};
export const promotionUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      ...NO_VIOLATIONS,
      endsAt: { errors: [END_BEFORE_START], children: { date: {}, time: {} } },
      actions: { children: [{ children: { type: { errors: ['This value is not valid.'] }, configuration: {} } }] },
    },
  },
};
