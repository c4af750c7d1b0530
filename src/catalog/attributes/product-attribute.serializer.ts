import { formatDateTime } from '../../common/datetime';
import { selfLink } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import { shownConfiguration } from './attribute-configuration';
import type { ProductAttribute } from './product-attribute.entity';

const enc = encodeURIComponent;

export const productAttributeLinks = {
  list: () => '/api/v1/product-attributes/',
  item: (code: string) => `/api/v1/product-attributes/${enc(code)}`,
};

/** An attribute as its list shows it; translations loaded, by id. */
export function serializeProductAttributeListItem(attribute: ProductAttribute) {
  return {
    id: attribute.id,
    code: attribute.code,
    type: attribute.type,
    position: attribute.position,
    translations: keyedBy(
      attribute.translations.getItems(),
      (translation) => translation.locale,
      (translation) => ({ id: translation.id, locale: translation.locale, name: translation.name }),
    ),
    _links: selfLink(productAttributeLinks.item(attribute.code)),
  };
}

/** An attribute with every field (GET and POST); translations loaded, by id. */
export function serializeProductAttribute(attribute: ProductAttribute) {
  const { _links, ...item } = serializeProductAttributeListItem(attribute);
  return {
    ...item,
    configuration: shownConfiguration(attribute.configuration),
    createdAt: formatDateTime(attribute.createdAt),
    updatedAt: formatDateTime(attribute.updatedAt),
    _links,
  };
}
