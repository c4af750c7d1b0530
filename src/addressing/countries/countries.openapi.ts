import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { arrayOf, boolean, closedObject, integer, link, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CODE_BLANK, PROVINCE_CODE_FORMAT } from './country-messages';
import { CountryForm } from './country.form';

/** Wire shapes of countries and provinces (see country.serializer.ts) and the country form. */

export const COUNTRY_NOT_FOUND = resourceNotFoundMessage('country');
export const COUNTRY_IN_USE = resourceInUseMessage('country');
export const PROVINCE_NOT_FOUND = resourceNotFoundMessage('province');
export const PROVINCE_IN_USE = resourceInUseMessage('province');

const HREF = `^/api/v1/countries/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/countries/${code}` } });
const provinceLinks = (country: string, code: string) => ({
  self: { href: `/api/v1/countries/${country}/provinces/${code}` },
  country: { href: `/api/v1/countries/${country}` },
});
const limburg = { id: 1, code: 'BE-LI', name: 'Limburg', abbreviation: 'LI', _links: provinceLinks('BE', 'BE-LI') };

export const ProvinceSchema = defineSchema(
  'Province',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      abbreviation: string({ description: 'Left out when the province has none.' }),
      _links: closedObject({
        self: link(`^/api/v1/countries/${SEGMENT}/provinces/${SEGMENT}$`, '/api/v1/countries/BE/provinces/BE-LI'),
        country: link(HREF, '/api/v1/countries/BE'),
      }),
    },
    { optional: ['abbreviation'], description: 'A province of a country.', example: limburg },
  ),
);

export const CountrySchema = defineSchema(
  'Country',
  closedObject(
    {
      id: integer(),
      code: string({ description: 'ISO 3166 alpha-2.' }),
      provinces: arrayOf(ProvinceSchema, { description: 'In the order they were created.' }),
      enabled: boolean(),
      _links: selfLinks(HREF, '/api/v1/countries/BE'),
    },
    { description: 'A country with its provinces.', example: { id: 2, code: 'BE', provinces: [limburg], enabled: true, _links: self('BE') } },
  ),
);

const CountryListItemSchema = defineSchema(
  'CountryListItem',
  closedObject(
    { id: integer(), code: string(), _links: selfLinks(HREF, '/api/v1/countries/BE') },
    { description: 'A country as its list shows it.', example: { id: 2, code: 'BE', _links: self('BE') } },
  ),
);

export const PageOfCountriesSchema = definePageSchema(
  'Countries',
  CountryListItemSchema,
  { pattern: '/api/v1/countries/', example: '/api/v1/countries/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/countries/?page=1&limit=10' },
      first: { href: '/api/v1/countries/?page=1&limit=10' },
      last: { href: '/api/v1/countries/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'NL', _links: self('NL') }, { id: 2, code: 'BE', _links: self('BE') }] },
  },
);

export const CountryRequestSchema = requestSchemaFor(CountryForm, 'CountryRequest', {
  required: ['code'],
  description: 'The country form of POST.',
  example: { code: 'BE', enabled: true, provinces: [{ code: 'BE-LI', name: 'Limburg', abbreviation: 'LI' }] },
  properties: {
    provinces: { description: 'The new country\'s provinces; also accepted as an object keyed by index.' },
    enabled: { description: 'A checkbox: `true`/`false` (also `1`, `"on"`, …); left out means disabled.' },
    code: { description: 'Unique; an ISO 3166 alpha-2 code in upper case.', example: 'BE' },
  },
  nested: {
    provinces: {
      required: ['code', 'name'],
      properties: {
        code: { description: 'Unique over every country; two capitals, a dash, then capitals or digits.', example: 'BE-LI' },
        name: { description: '2 characters or more; unique within the country.', example: 'Limburg' },
      },
    },
  },
});

export const countryRequestExamples = {
  withProvince: { summary: 'An enabled country with one province', value: { code: 'BE', enabled: true, provinces: [{ code: 'BE-LI', name: 'Limburg', abbreviation: 'LI' }] } },
  bare: { summary: 'A disabled country without provinces', value: { code: 'NL' } },
};
export const countryValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { provinces: { children: [{ children: { code: { errors: [PROVINCE_CODE_FORMAT] }, name: {}, abbreviation: {} } }] }, enabled: {}, code: { errors: [CODE_BLANK] } } },
};
export const createdCountryExample = { id: 3, code: 'NL', provinces: [], enabled: false, _links: self('NL') };
