import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, resourceNotFound } from '../../common/errors/api-error';
import { isPlainObject } from '../../common/forms/validate-form';

/** The body of `PUT /taxons/{code}/products` needs this list. */
export const POSITIONS_MISSING = 'The body must have "productsPositions": a list of {"productCode": "…", "position": …}.';
export const invalidPosition = (value: unknown) => `The productTaxon position "${typeof value === 'string' ? value : JSON.stringify(value)}" is invalid.`;
export const productNotInTaxon = (productCode: string, taxonCode: string) => `The product "${productCode}" is not in the taxon "${taxonCode}".`;

/** A position is a whole number from 0, sent as a number or as its digits. */
const POSITION = /^\d{1,9}$/;

function positionOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && value <= 999_999_999 ? value : null;
  return typeof value === 'string' && POSITION.test(value) ? Number(value) : null;
}

/** Product code → position, the last entry winning when a code repeats; a 400 at the first bad entry. */
function readProductPositions(body: unknown): Map<string, number> {
  if (!isPlainObject(body) || !Array.isArray(body.productsPositions)) throw badRequest(POSITIONS_MISSING);
  const positions = new Map<string, number>();
  for (const entry of body.productsPositions as unknown[]) {
    if (!isPlainObject(entry) || typeof entry.productCode !== 'string' || !('position' in entry)) throw badRequest(POSITIONS_MISSING);
    const position = positionOf(entry.position);
    if (position === null) throw badRequest(invalidPosition(entry.position));
    positions.set(entry.productCode, position);
  }
  return positions;
}

/**
 * Sets the positions of products in the taxon (an unknown taxon is a 404 before the body's faults): each must be directly in it (otherwise a 400 and nothing
 * changes). Their links are locked FOR UPDATE in product id order before they change.
 */
export async function setProductPositions(tx: EntityManager, taxonCode: string, body: unknown): Promise<void> {
  const [taxon] = await tx.execute<Array<{ id: number }>>(`select id from taxon where code = ?`, [taxonCode]);
  if (taxon === undefined) throw resourceNotFound('taxon');
  const positions = readProductPositions(body);
  if (positions.size === 0) return;
  const codes = [...positions.keys()];
  const rows = await tx.execute<Array<{ product_id: number; code: string }>>(
    `select pt.product_id, p.code from product_taxon pt join product p on p.id = pt.product_id
      where pt.taxon_id = ? and p.code in (select value from json_array_elements_text(?::json)) order by pt.product_id for update of pt`,
    [taxon.id, JSON.stringify(codes)],
  );
  const found = new Set(rows.map((row) => row.code));
  const missing = codes.find((code) => !found.has(code));
  if (missing !== undefined) throw badRequest(productNotInTaxon(missing, taxonCode));
  const values = rows.map((row) => ({ product_id: row.product_id, position: positions.get(row.code)! }));
  await tx.execute(
    `update product_taxon pt set position = v.position from json_to_recordset(?::json) as v(product_id int, position int)
      where pt.taxon_id = ? and pt.product_id = v.product_id`,
    [JSON.stringify(values), taxon.id],
  );
}
