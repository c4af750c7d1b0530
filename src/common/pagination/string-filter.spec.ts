import { ApiError } from '../errors/api-error';
import { readStringFilter, stringFilterWhere } from './string-filter';

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
});
