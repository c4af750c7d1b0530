import { ApiError } from '../errors/api-error';
import { readBooleanFilter, readStringFilter, stringFilterSql, stringFilterWhere } from './string-filter';

describe('string filter', () => {
  it.each([
    ['', null],
    ['criteria[state]=new', { type: 'contains', value: 'new' }],
    ['criteria[state]=', null],
    ['criteria[state][value]=new', { type: 'contains', value: 'new' }],
    ['criteria[state][type]=equal&criteria[state][value]=ready', { type: 'equal', value: 'ready' }],
    ['criteria[state]=x&criteria[state][type]=equal&criteria[state][value]=ready', { type: 'equal', value: 'ready' }],
    ['criteria[state][type]=equal', null],
    ['criteria[state][type]=empty', { type: 'empty', value: '' }],
    ['criteria[other]=x', null],
  ])('reads %j', (query, expected) => {
    expect(readStringFilter(query, 'state')).toEqual(expected);
  });

  it('rejects an unknown type with a 400 naming the allowed ones', () => {
    const error = (() => {
      try {
        readStringFilter('criteria[state][type]=like&criteria[state][value]=x', 'state');
        return null;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({
      code: 400,
      message: 'Unknown filter type "like" for "state". Allowed: contains, not_contains, equal, not_equal, starts_with, ends_with, empty, not_empty, in, not_in.',
    });
  });

  it.each([
    ['contains', '50%_a\\b', { state: { $ilike: '%50\\%\\_a\\\\b%' } }],
    ['not_contains', 'new', { $not: { state: { $ilike: '%new%' } } }],
    ['starts_with', 'sh', { state: { $ilike: 'sh%' } }],
    ['ends_with', 'ed', { state: { $ilike: '%ed' } }],
    ['equal', 'new', { state: { $eq: 'new' } }],
    ['not_equal', 'new', { state: { $ne: 'new' } }],
    ['empty', '', { $or: [{ state: { $eq: null } }, { state: { $eq: '' } }] }],
    ['not_empty', '', { $and: [{ state: { $ne: null } }, { state: { $ne: '' } }] }],
    ['in', 'new, completed', { state: { $in: ['new', 'completed'] } }],
    ['not_in', 'new', { state: { $nin: ['new'] } }],
  ] as const)('turns %s %j into an ORM condition', (type, value, expected) => {
    expect(stringFilterWhere('state', { type, value })).toEqual(expected);
  });

  it.each([
    ['contains', '50%_a', { sql: 'p.code ilike ?', params: ['%50\\%\\_a%'] }],
    ['not_contains', 'mug', { sql: 'not p.code ilike ?', params: ['%mug%'] }],
    ['starts_with', 'MU', { sql: 'p.code ilike ?', params: ['MU%'] }],
    ['ends_with', 'UG', { sql: 'p.code ilike ?', params: ['%UG'] }],
    ['equal', 'MUG', { sql: 'p.code = ?', params: ['MUG'] }],
    ['not_equal', 'MUG', { sql: 'p.code <> ?', params: ['MUG'] }],
    ['empty', '', { sql: "(p.code is null or p.code = '')", params: [] }],
    ['not_empty', '', { sql: "(p.code is not null and p.code <> '')", params: [] }],
    ['in', 'MUG, CAP', { sql: 'p.code in (?, ?)', params: ['MUG', 'CAP'] }],
    ['not_in', 'MUG', { sql: 'p.code not in (?)', params: ['MUG'] }],
  ] as const)('turns %s %j into SQL with bound values', (type, value, expected) => {
    expect(stringFilterSql('p.code', { type, value })).toEqual(expected);
  });

  it.each([
    ['', null],
    ['criteria%5Benabled%5D=true', true],
    ['criteria%5Benabled%5D=FALSE', false],
    ['criteria%5Benabled%5D=1', true],
    ['criteria%5Benabled%5D%5Bvalue%5D=false', false],
    ['criteria%5Benabled%5D=', null],
  ])('reads the boolean filter of "%s" as %j', (query, expected) => {
    expect(readBooleanFilter(query, 'enabled')).toEqual(expected);
  });

  it('answers another boolean value with a 400', () => {
    expect(() => readBooleanFilter('criteria%5Benabled%5D=yes', 'enabled')).toThrow(ApiError);
  });
});
