import { links, selfLink } from '../../common/links';
import type { Taxon, TaxonListItem, TaxonReference } from '../queries/taxon.read-model';

/** The app locale the lists read names in; a taxon keeps one name, shown as its translation there. */
const NAME_LOCALE = 'en_US';

/** A taxon named by another (its root, parent or children). */
function serializeTaxonReference(row: TaxonReference) {
  return { id: row.id, code: row.code, name: row.name, _links: selfLink(links.taxon(row.code)) };
}

function placeInTree(row: TaxonListItem) {
  return {
    id: row.id,
    code: row.code,
    ...(row.root !== null && { root: serializeTaxonReference(row.root) }),
    ...(row.parent !== null && { parent: serializeTaxonReference(row.parent) }),
    position: row.position,
    translations: { [NAME_LOCALE]: { locale: NAME_LOCALE, name: row.name } },
    name: row.name,
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
