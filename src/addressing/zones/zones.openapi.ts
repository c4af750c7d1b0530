import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { arrayOf, closedObject, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CODE_BLANK, MEMBERS_MISSING, NAME_BLANK, SCOPE_BLANK } from './zone-messages';
import { ZoneForm } from './zone.form';

/** Wire shapes of zones (see zone.serializer.ts) and the zone form. */

export const ZONE_NOT_FOUND = resourceNotFoundMessage('zone');
export const ZONE_IN_USE = resourceInUseMessage('zone');

const HREF = `^/api/v1/zones/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/zones/${code}` } });
const TYPE = string({ enum: ['country', 'province', 'zone'], description: 'What the members are: countries, provinces or other zones.' });

export const ZoneSchema = defineSchema(
  'Zone',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      type: TYPE,
      scope: string({ enum: ['all', 'tax', 'shipping'], description: 'What the zone is used for.' }),
      members: arrayOf(
        closedObject({ id: integer(), code: string({ description: 'The code of a country, province or zone, by the zone\'s type.' }) }),
        { description: 'In the order they were added.' },
      ),
      _links: selfLinks(HREF, '/api/v1/zones/EU'),
    },
    {
      description: 'A zone with its members.',
      example: {
        id: 2,
        code: 'EU',
        name: 'European Union',
        type: 'country',
        scope: 'all',
        members: [
          { id: 2, code: 'DE' },
          { id: 3, code: 'PL' },
        ],
        _links: self('EU'),
      },
    },
  ),
);

const ZoneListItemSchema = defineSchema(
  'ZoneListItem',
  closedObject(
    { id: integer(), code: string(), name: string(), type: TYPE, _links: selfLinks(HREF, '/api/v1/zones/EU') },
    { description: 'A zone as its list shows it.', example: { id: 2, code: 'EU', name: 'European Union', type: 'country', _links: self('EU') } },
  ),
);

export const PageOfZonesSchema = definePageSchema(
  'Zones',
  ZoneListItemSchema,
  { pattern: '/api/v1/zones/', example: '/api/v1/zones/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/zones/?page=1&limit=10' },
      first: { href: '/api/v1/zones/?page=1&limit=10' },
      last: { href: '/api/v1/zones/?page=1&limit=10' },
    },
    _embedded: {
      items: [
        { id: 1, code: 'US', name: 'United States', type: 'country', _links: self('US') },
        { id: 2, code: 'EU', name: 'European Union', type: 'country', _links: self('EU') },
      ],
    },
  },
);

const fieldDescriptions = {
  name: { description: '2 characters or more.', example: 'European Union' },
  type: { replace: true, description: 'Ignored: the path of POST gives the type, and it never changes.' },
  members: { description: 'At least one; each names a country, a province or another zone (by the zone\'s type), once. Also accepted as an object keyed by index.' },
  scope: { description: 'What the zone is used for.', example: 'all' },
};
const nested = { members: { properties: { code: { description: 'A country code, a province code or a zone code, by the zone\'s type.', example: 'DE' } } } };
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const ZoneCreateRequestSchema = requestSchemaFor(ZoneForm, 'ZoneCreateRequest', {
  required: ['name', 'members', 'scope', 'code'],
  description: 'The zone form of POST.',
  example: { name: 'European Union', members: [{ code: 'DE' }, { code: 'PL' }], scope: 'all', code: 'EU' },
  properties: { ...fieldDescriptions, code: { description: 'Unique; letters, digits, dashes and underscores.', example: 'EU' } },
  nested,
});

export const ZoneReplaceRequestSchema = requestSchemaFor(ZoneForm, 'ZoneReplaceRequest', {
  required: ['name', 'members', 'scope'],
  description: 'The zone form of PUT: the members sent replace the zone\'s.',
  example: { name: 'European Union', members: [{ code: 'DE' }, { code: 'FR' }], scope: 'tax' },
  properties: { ...fieldDescriptions, code: ignoredCode },
  nested,
});

export const ZonePatchRequestSchema = requestSchemaFor(ZoneForm, 'ZonePatchRequest', {
  required: [],
  description: 'The zone form of PATCH: only the fields given change; members, when given, replace the zone\'s.',
  example: { scope: 'shipping' },
  properties: { ...fieldDescriptions, code: ignoredCode },
  nested,
});

export const zoneRequestExamples = { countries: { summary: 'A zone of two countries', value: { name: 'European Union', members: [{ code: 'DE' }, { code: 'PL' }], scope: 'all', code: 'EU' } } };
export const zoneUpdateExamples = { rename: { summary: 'A new name and other members', value: { name: 'Central Europe', members: [{ code: 'DE' }, { code: 'AT' }], scope: 'all' } } };

export const zoneValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { errors: [MEMBERS_MISSING], children: { name: { errors: [NAME_BLANK] }, type: {}, members: { children: [] }, scope: { errors: [SCOPE_BLANK] }, code: { errors: [CODE_BLANK] } } },
};
export const zoneUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { name: { errors: [NAME_BLANK] }, type: {}, members: { children: [{ children: { code: { errors: ['This value is not valid.'] } } }] }, scope: {}, code: {} } },
};
export const createdZoneExample = {
  id: 3,
  code: 'DACH',
  name: 'DACH',
  type: 'country',
  scope: 'shipping',
  members: [
    { id: 7, code: 'DE' },
    { id: 8, code: 'AT' },
    { id: 9, code: 'CH' },
  ],
  _links: self('DACH'),
};
