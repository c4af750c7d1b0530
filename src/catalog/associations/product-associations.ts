import { LoadStrategy } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FormErrors } from '../../common/forms/form-errors';
import type { FormShape } from '../../common/forms/form-shape';
import { NOT_VALID } from '../../common/forms/messages';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { isPlainObject, type SubmittedForm } from '../../common/forms/validate-form';
import type { ProductForm } from '../forms/product.form';
import { idsOf, lockedIdsByCode, replaceItems } from '../services/product-references';
import { ProductAssociationType } from '../association-types/product-association-type.entity';
import { Product } from '../entities/product.entity';
import { ProductAssociation } from './product-association.entity';

/**
 * A product's associations as the product form writes them. `associations` is a map keyed by association
 * type code; each value is one text of comma-separated product codes. Its 400 node has one child per
 * association type (by code), sent or not; a key that names no type is an extra field of the map, as in
 * the other maps keyed by rows of the database. A product code that names nothing, or the product itself,
 * makes its type's child "This value is not valid.".
 */

/** What a valid `associations` sets: association type id → the ids of the products it names (none: no association). */
interface AssociationChanges {
  /** POST and PUT: the types left out lose their association; PATCH: they keep it. */
  replaceAll: boolean;
  byType: Map<number, number[]>;
}

/** A code longer than the product code column names nothing. */
const CODE_LIMIT = 255;

/** The product codes of one association: comma-separated, each trimmed, empty parts and repeats left out. */
function associatedProductCodes(text: string): string[] {
  return [...new Set(text.split(',').map((code) => code.trim()).filter((code) => code !== ''))];
}

const mapShape = (typeCodes: readonly string[]): FormShape => ({ fields: typeCodes, aliases: {}, subForms: {}, requiredSubForms: [], lists: {}, dependentFields: [] });

/** The association types by code, each code a child of the map's 400 node. */
async function associationTypeCodes(tx: EntityManager): Promise<string[]> {
  const rows = await tx.execute<Array<{ code: string }>>(`select code from product_association_type order by code`);
  return rows.map((row) => row.code);
}

/**
 * Reads `associations` into the form's violations and checks it against the database: the association
 * types sent and the products they name are locked FOR KEY SHARE (types, then products, each in id order),
 * so a delete of one waits for this write. `ownCode` is the code of the product written. Undefined when
 * the write leaves the associations alone (a PATCH without the field) or the map is invalid.
 */
export async function checkedAssociations(tx: EntityManager, form: SubmittedForm<ProductForm>, mode: 'create' | UpdateMode, ownCode: string | null): Promise<AssociationChanges | undefined> {
  const errors = new FormErrors(mapShape(await associationTypeCodes(tx)));
  form.errors.nest('associations', errors);
  const value: unknown = form.data.associations;
  if (value === undefined && mode === 'merge') return undefined;
  const map = value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? {} : value;
  if (!isPlainObject(map)) {
    errors.addRoot(NOT_VALID);
    return undefined;
  }
  errors.receive(Object.keys(map));
  const sent = new Map<string, string[]>();
  for (const typeCode of errors.shape.fields) {
    if (!Object.prototype.hasOwnProperty.call(map, typeCode)) continue;
    const text = map[typeCode];
    if (text !== null && typeof text !== 'string') {
      errors.add(typeCode, NOT_VALID);
      continue;
    }
    const codes = text === null ? [] : associatedProductCodes(text);
    if (codes.some((code) => code === ownCode || code.length > CODE_LIMIT)) errors.add(typeCode, NOT_VALID);
    else sent.set(typeCode, codes);
  }
  const types = await lockedIdsByCode(tx, 'product_association_type', [...sent.keys()]);
  const products = await lockedIdsByCode(tx, 'product', [...sent.values()].flat());
  const byType = new Map<number, number[]>();
  for (const [typeCode, codes] of sent) {
    const ids = idsOf(codes, products);
    const typeId = types.get(typeCode);
    // A type deleted since its code was read names nothing either.
    if (ids === null || typeId === undefined) errors.add(typeCode, NOT_VALID);
    else byType.set(typeId, ids);
  }
  return errors.isValid ? { replaceAll: mode !== 'merge', byType } : undefined;
}

/**
 * Sets the checked associations on the product (locked, or created by this write: `isNew`, nothing stored
 * yet) for the write's one flush. An association that stays keeps its id and the products it still names;
 * one left naming no product is removed (its rows of product_association_product go with it, by cascade).
 */
export async function applyAssociations(tx: EntityManager, product: Product, changes: AssociationChanges, isNew: boolean): Promise<void> {
  const stored = isNew ? [] : await tx.find(ProductAssociation, { product }, { populate: ['associatedProducts'], strategy: LoadStrategy.JOINED, orderBy: { id: 'asc' } });
  const byType = new Map(stored.map((association) => [association.type.id, association]));
  const reference = (id: number) => tx.getReference(Product, id);
  for (const [typeId, productIds] of changes.byType) {
    const association = byType.get(typeId);
    byType.delete(typeId);
    if (productIds.length === 0) {
      if (association !== undefined) tx.remove(association);
    } else if (association === undefined) {
      tx.create(ProductAssociation, { product, type: tx.getReference(ProductAssociationType, typeId), associatedProducts: productIds.map(reference) });
    } else {
      await replaceItems(association.associatedProducts, productIds, reference, (named) => named.id);
    }
  }
  if (changes.replaceAll) for (const left of byType.values()) tx.remove(left);
}

const IDS = `select value::int from json_array_elements_text(?::json)`;

/**
 * Takes the product with this id (locked FOR UPDATE by its delete) out of the associations of the other
 * products, deleting an association left naming none, and moves those products' `updatedAt`. The owners
 * are locked FOR UPDATE in id order first; none can be added meanwhile, since naming the product takes a
 * key-share lock on it. Answers the owners changed, by id.
 *
 * Set statements rather than entities, like the rest of the delete (`delete from product` and its
 * cascades): the pivot's foreign key to the product does not cascade, so through entities these rows would
 * need a flush of their own before that raw delete, after loading every product each owner's associations
 * name only to drop one of them; and the delete below answers, in the same statement, which owners still
 * named the product once their locks were held.
 */
export async function removeFromAssociations(tx: EntityManager, productId: number): Promise<Array<{ id: number; code: string }>> {
  const candidates = await tx.execute<Array<{ id: number }>>(
    `select distinct pa.product_id as id from product_association pa join product_association_product pap on pap.association_id = pa.id where pap.product_id = ? and pa.product_id <> ?`,
    [productId, productId],
  );
  if (candidates.length === 0) return [];
  await tx.execute(`select id from product where id in (${IDS}) order by id for update`, [JSON.stringify(candidates.map((row) => row.id))]);
  // An owner may have dropped the product while this write waited for its lock: only those still naming it count.
  const owners = await tx.execute<Array<{ id: number; code: string }>>(
    `with removed as (delete from product_association_product where product_id = ? returning association_id)
     select p.id, p.code from product p where p.id in (select pa.product_id from removed join product_association pa on pa.id = removed.association_id) order by p.id`,
    [productId],
  );
  const ownerIds = JSON.stringify(owners.map((owner) => owner.id));
  await tx.execute(
    `delete from product_association pa where pa.product_id in (${IDS}) and not exists (select 1 from product_association_product pap where pap.association_id = pa.id)`,
    [ownerIds],
  );
  await tx.execute(`update product set updated_at = ? where id in (${IDS})`, [new Date(), ownerIds]);
  return owners;
}
