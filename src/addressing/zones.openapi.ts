import { arrayOf, closedObject, integer, SEGMENT, selfLinks, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { resourceNotFoundMessage } from '../common/errors/api-error';

/** Wire shape of a zone (see zone.serializer.ts). */

export const ZONE_NOT_FOUND = resourceNotFoundMessage('zone');

export const ZoneSchema = defineSchema(
  'Zone',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      type: string({ enum: ['country', 'province', 'zone'], description: 'What the members are: countries, provinces or other zones.' }),
      scope: string({ enum: ['all', 'tax', 'shipping'], description: 'What the zone is used for.' }),
      members: arrayOf(
        closedObject({ id: integer(), code: string({ description: 'The code of a country, province or zone, by the zone\'s type.' }) }),
        { description: 'In the order they were added.' },
      ),
      _links: selfLinks(`^/api/v1/zones/${SEGMENT}$`, '/api/v1/zones/EU'),
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
        _links: { self: { href: '/api/v1/zones/EU' } },
      },
    },
  ),
);
