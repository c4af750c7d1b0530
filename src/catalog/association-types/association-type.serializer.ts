import { formatDateTime } from '../../common/datetime';
import { selfLink } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import type { ProductAssociationType } from './product-association-type.entity';

export const associationTypeLinks = {
  list: () => '/api/v1/product-association-types/',
  one: (code: string) => `/api/v1/product-association-types/${encodeURIComponent(code)}`,
};

/** Translations keyed by locale (loaded with the type), in the order they were created. */
function translationsOf(type: ProductAssociationType) {
  const translations = [...type.translations.getItems()].sort((a, b) => a.id - b.id);
  return keyedBy(
    translations,
    (t) => t.locale,
    (t) => ({ id: t.id, locale: t.locale, name: t.name }),
  );
}

/** An association type as its list shows it. */
export function serializeAssociationTypeListItem(type: ProductAssociationType) {
  return { id: type.id, code: type.code, translations: translationsOf(type), _links: selfLink(associationTypeLinks.one(type.code)) };
}

/** An association type with every field (show and create). */
export function serializeAssociationType(type: ProductAssociationType) {
  return {
    id: type.id,
    code: type.code,
    translations: translationsOf(type),
    createdAt: formatDateTime(type.createdAt),
    updatedAt: formatDateTime(type.updatedAt),
    _links: selfLink(associationTypeLinks.one(type.code)),
  };
}
