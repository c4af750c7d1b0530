import type { EntityClass, EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { FormErrors } from './form-errors';
import { NOT_VALID } from './messages';

/**
 * The row a form field names by its code, looked up inside the write's transaction; a code that names
 * none (or only rows `where` leaves out) makes the field `This value is not valid.`. Skipped (null) when
 * the field has a violation already or names nothing. The foreign key written with the row then holds it.
 */
export async function referencedByCode<E extends object>(
  tx: EntityManager,
  errors: FormErrors,
  field: string,
  entity: EntityClass<E>,
  code: unknown,
  where: Record<string, unknown> = {},
): Promise<E | null> {
  if (errors.has(field) || typeof code !== 'string' || code === '') return null;
  // The filter is the caller's `where` with the code: typed loosely, as the ORM cannot check a spread generic filter.
  const found = (await tx.findOne(entity, { ...where, code } as never)) as E | null;
  if (found === null) errors.add(field, NOT_VALID);
  return found;
}

/**
 * The rows a list field names by their codes, in the order given and without repeats; one code that
 * names none makes the field `This value is not valid.` (and the result null). Not a list of texts: the same.
 */
export async function referencedListByCode<E extends { code: string }>(
  tx: EntityManager,
  errors: FormErrors,
  field: string,
  entity: EntityClass<E>,
  codes: unknown,
): Promise<E[] | null> {
  if (errors.has(field)) return null;
  if (codes === undefined || codes === null) return [];
  if (!Array.isArray(codes) || codes.some((code) => typeof code !== 'string')) {
    errors.add(field, NOT_VALID);
    return null;
  }
  const unique = [...new Set(codes as string[])];
  if (unique.length === 0) return [];
  const rows = await tx.find(entity, { code: { $in: unique } } as FilterQuery<E>);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  if (unique.some((code) => !byCode.has(code))) {
    errors.add(field, NOT_VALID);
    return null;
  }
  return unique.map((code) => byCode.get(code)!);
}
