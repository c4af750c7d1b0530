import { selfLink } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import type { ProductOptionValue } from '../entities/product-option-value.entity';
import type { ProductOption } from '../entities/product-option.entity';
import type { ProductOptionTranslation } from './product-option-translation.entity';

export const productOptionLinks = {
  list: () => '/api/v1/product-options/',
  one: (code: string) => `/api/v1/product-options/${encodeURIComponent(code)}`,
};

const byId = <T extends { id: number }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.id - b.id);

/** A value of the option (it has no id of its own on the wire), as variants show one too. */
function serializeValue(value: ProductOptionValue) {
  return {
    code: value.code,
    translations: keyedBy(byId(value.translations.getItems()), (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, value: t.value })),
  };
}

/**
 * A product option, the same in its list and alone: its values (loaded with their translations) in the
 * order they were added, and its translations (read apart: the option entity does not own them).
 */
export function serializeProductOption(option: ProductOption, translations: readonly ProductOptionTranslation[]) {
  return {
    id: option.id,
    code: option.code,
    position: option.position,
    translations: keyedBy(byId(translations), (t) => t.locale, (t) => ({ id: t.id, locale: t.locale, name: t.name })),
    values: byId(option.values.getItems()).map(serializeValue),
    _links: selfLink(productOptionLinks.one(option.code)),
  };
}
