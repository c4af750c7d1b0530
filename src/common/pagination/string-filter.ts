import { badRequest } from '../errors/api-error';

/**
 * The grid's string filter: `criteria[name]=text` (a substring match) or
 * `criteria[name][type]=<type>&criteria[name][value]=text`. parsePageRequest reads the plain form;
 * the nested keys are read here, for the lists that accept them.
 */
const STRING_FILTER_TYPES = ['contains', 'not_contains', 'equal', 'not_equal', 'starts_with', 'ends_with', 'empty', 'not_empty', 'in', 'not_in'] as const;
type StringFilterType = (typeof STRING_FILTER_TYPES)[number];

export interface StringFilter {
  type: StringFilterType;
  value: string;
}

const isFilterType = (type: string): type is StringFilterType => (STRING_FILTER_TYPES as readonly string[]).includes(type);

/** The filter on `name`, or null when none applies (no value given, or an empty text with a type that needs one). */
export function readStringFilter(rawQuery: string, name: string): StringFilter | null {
  const last = new Map(new URLSearchParams(rawQuery));
  const nestedType = last.get(`criteria[${name}][type]`);
  const nestedValue = last.get(`criteria[${name}][value]`);
  const nested = nestedType !== undefined || nestedValue !== undefined;
  const type = nested ? (nestedType ?? 'contains') : 'contains';
  const value = (nested ? nestedValue : last.get(`criteria[${name}]`)) ?? '';
  if (!isFilterType(type)) throw badRequest(`Unknown filter type "${type}" for "${name}". Allowed: ${STRING_FILTER_TYPES.join(', ')}.`);
  if (value === '' && type !== 'empty' && type !== 'not_empty') return null;
  return { type, value };
}

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const listOf = (text: string): string[] => text.split(',').map((part) => part.trim());

/**
 * The ORM condition of a string filter on one property. Text matches ignore case, like the
 * reference's database collation; `equal` and `in` compare exactly.
 */
export function stringFilterWhere(property: string, filter: StringFilter): Record<string, unknown> {
  const on = (condition: unknown) => ({ [property]: condition });
  switch (filter.type) {
    case 'contains':
      return on({ $ilike: `%${likeEscape(filter.value)}%` });
    case 'not_contains':
      return { $not: on({ $ilike: `%${likeEscape(filter.value)}%` }) };
    case 'starts_with':
      return on({ $ilike: `${likeEscape(filter.value)}%` });
    case 'ends_with':
      return on({ $ilike: `%${likeEscape(filter.value)}` });
    case 'equal':
      return on({ $eq: filter.value });
    case 'not_equal':
      return on({ $ne: filter.value });
    case 'empty':
      return { $or: [on({ $eq: null }), on({ $eq: '' })] };
    case 'not_empty':
      return { $and: [on({ $ne: null }), on({ $ne: '' })] };
    case 'in':
      return on({ $in: listOf(filter.value) });
    case 'not_in':
      return on({ $nin: listOf(filter.value) });
  }
}

/** A condition in SQL with its bound values, for the lists written as SQL. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/**
 * The SQL condition of a string filter on `column`, a fixed column expression of the caller (never a value):
 * the same matches as stringFilterWhere, every value bound. Substring matches (`ilike`) can be served by a
 * trigram index on the column.
 */
export function stringFilterSql(column: string, filter: StringFilter): SqlCondition {
  const like = (pattern: string, negate = false) => ({ sql: `${negate ? 'not ' : ''}${column} ilike ?`, params: [pattern] });
  const list = (negate: boolean) => {
    const values = listOf(filter.value);
    return { sql: `${column} ${negate ? 'not in' : 'in'} (${values.map(() => '?').join(', ')})`, params: values };
  };
  switch (filter.type) {
    case 'contains':
      return like(`%${likeEscape(filter.value)}%`);
    case 'not_contains':
      return like(`%${likeEscape(filter.value)}%`, true);
    case 'starts_with':
      return like(`${likeEscape(filter.value)}%`);
    case 'ends_with':
      return like(`%${likeEscape(filter.value)}`);
    case 'equal':
      return { sql: `${column} = ?`, params: [filter.value] };
    case 'not_equal':
      return { sql: `${column} <> ?`, params: [filter.value] };
    case 'empty':
      return { sql: `(${column} is null or ${column} = '')`, params: [] };
    case 'not_empty':
      return { sql: `(${column} is not null and ${column} <> '')`, params: [] };
    case 'in':
      return list(false);
    case 'not_in':
      return list(true);
  }
}

/**
 * The grid's boolean filter: `criteria[name]=true|false` (or `criteria[name][value]=…`); null when no value
 * is given. Anything else is a 400.
 */
export function readBooleanFilter(rawQuery: string, name: string): boolean | null {
  const last = new Map(new URLSearchParams(rawQuery));
  const value = (last.get(`criteria[${name}][value]`) ?? last.get(`criteria[${name}]`) ?? '').trim().toLowerCase();
  if (value === '') return null;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw badRequest(`Invalid filter "${name}": expected true or false.`);
}
