import { links, selfLink } from '../../common/links';
import type { Taxon, TaxonListItem, TaxonReference, TaxonTranslationRow } from '../queries/taxon.read-model';

/** The app locale `name` is read in. */
const NAME_LOCALE = 'en_US';

/** A taxon named by another (its root, parent or children); `name` is left out when it has no en_US one. */
function serializeTaxonReference(row: TaxonReference) {
  return { id: row.id, code: row.code, ...(row.name !== null && { name: row.name }), _links: selfLink(links.taxon(row.code)) };
}

function serializeTranslation(row: TaxonTranslationRow) {
  return { id: row.id, locale: row.locale, name: row.name, slug: row.slug, ...(row.description !== null && { description: row.description }) };
}

/**
 * Translations by locale. A taxon from before translations were stored keeps one en_US name and shows it
 * as its en_US translation (without an id); one with no en_US name at all shows an empty en_US entry, as
 * the reference does when its name is read.
 */
function serializeTranslations(row: TaxonListItem) {
  const translations: Record<string, object> = Object.fromEntries(row.translations.map((translation) => [translation.locale, serializeTranslation(translation)]));
  if (translations[NAME_LOCALE] === undefined) translations[NAME_LOCALE] = { locale: NAME_LOCALE, ...(row.name !== null && { name: row.name }) };
  return translations;
}

function placeInTree(row: TaxonListItem) {
  return {
    id: row.id,
    code: row.code,
    ...(row.root !== null && { root: serializeTaxonReference(row.root) }),
    ...(row.parent !== null && { parent: serializeTaxonReference(row.parent) }),
    position: row.position,
    translations: serializeTranslations(row),
    ...(row.name !== null && { name: row.name }),
    images: [],
  };
}

/** A taxon in the taxon list. */
export function serializeTaxonListItem(row: TaxonListItem) {
  return { ...placeInTree(row), _links: selfLink(links.taxon(row.code)) };
}

/** The taxon itself: the list's shape with its children and its depth in the tree. */
export function serializeTaxon(row: Taxon) {
  return { ...placeInTree(row), children: row.children.map(serializeTaxonReference), level: row.level, _links: selfLink(links.taxon(row.code)) };
}
