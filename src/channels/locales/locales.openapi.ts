import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CODE_BLANK } from './locale-messages';
import { LocaleForm } from './locale.form';

/** Wire shapes of locales (see locale.serializer.ts) and the locale form. */

export const LOCALE_NOT_FOUND = resourceNotFoundMessage('locale');
export const LOCALE_IN_USE = resourceInUseMessage('locale');

const HREF = `^/api/v1/locales/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/locales/${code}` } });

export const LocaleSchema = defineSchema(
  'Locale',
  closedObject(
    {
      id: integer(),
      code: string(),
      createdAt: dateTime('When the locale was created.'),
      updatedAt: dateTime('When the locale was last changed.'),
      _links: selfLinks(HREF, '/api/v1/locales/en_US'),
    },
    {
      description: 'A locale with every exposed field.',
      example: { id: 1, code: 'en_US', createdAt: '2026-11-21T02:41:27+0000', updatedAt: '2026-11-21T02:41:27+0000', _links: self('en_US') },
    },
  ),
);

const LocaleListItemSchema = defineSchema(
  'LocaleListItem',
  closedObject(
    { id: integer(), code: string(), _links: selfLinks(HREF, '/api/v1/locales/en_US') },
    { description: 'A locale as its list shows it.', example: { id: 1, code: 'en_US', _links: self('en_US') } },
  ),
);

export const PageOfLocalesSchema = definePageSchema(
  'Locales',
  LocaleListItemSchema,
  { pattern: '/api/v1/locales/', example: '/api/v1/locales/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/locales/?page=1&limit=10' },
      first: { href: '/api/v1/locales/?page=1&limit=10' },
      last: { href: '/api/v1/locales/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'en_US', _links: self('en_US') }, { id: 2, code: 'de_DE', _links: self('de_DE') }] },
  },
);

export const LocaleRequestSchema = requestSchemaFor(LocaleForm, 'LocaleRequest', {
  description: 'The locale form of POST.',
  example: { code: 'fr_FR' },
  properties: {
    code: {
      description: 'Unique; a language with an optional script and region, joined by underscores as ICU writes them (`fr`, `fr_FR`, `sr_Latn_BA`, `es_419`).',
      example: 'fr_FR',
    },
  },
});

export const localeRequestExamples = { french: { summary: 'French as spoken in France', value: { code: 'fr_FR' } } };
export const localeValidationExample = { code: 400, message: 'Validation Failed', errors: { children: { code: { errors: [CODE_BLANK] } } } };
export const createdLocaleExample = { id: 3, code: 'fr_FR', createdAt: '2026-11-30T09:12:44+0000', updatedAt: '2026-11-30T09:12:44+0000', _links: self('fr_FR') };
