import { links, selfLink } from '../../common/links';
import type { Country } from '../entities/country.entity';
import type { Province } from '../entities/province.entity';

/** A province with links to itself and its country; `abbreviation` only when it has one. */
export function serializeProvince(province: Province, countryCode: string) {
  return {
    id: province.id,
    code: province.code,
    name: province.name,
    ...(province.abbreviation !== null && { abbreviation: province.abbreviation }),
    _links: { self: { href: links.province(countryCode, province.code) }, country: { href: links.country(countryCode) } },
  };
}

/** A country with its provinces (loaded, in creation order). */
export function serializeCountry(country: Country) {
  return {
    id: country.id,
    code: country.code,
    provinces: country.provinces.getItems().map((province) => serializeProvince(province, country.code)),
    enabled: country.enabled,
    _links: selfLink(links.country(country.code)),
  };
}

/** A country as its list shows it. */
export function serializeCountryListItem(country: Pick<Country, 'id' | 'code'>) {
  return { id: country.id, code: country.code, _links: selfLink(links.country(country.code)) };
}
