import { parseBirthday } from '../../../src/customers/forms/birthday';
import { hasNonEmptyValue } from '../../../src/customers/forms/customer-input';
import { decideUserChange } from '../../../src/customers/forms/user-plan';

describe('parseBirthday', () => {
  it.each([
    ['1990-02-03', '1990-02-03T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['1990-02-03T23:30:00-05:00', '1990-02-03T00:00:00.000Z'],
    ['1990-02-03T00:00:00+0000', '1990-02-03T00:00:00.000Z'],
    ['1990-02-03 10:00', '1990-02-03T00:00:00.000Z'],
  ])('reads %s as midnight UTC of its calendar date', (input, expected) => {
    expect(parseBirthday(input)?.toISOString()).toBe(expected);
  });

  it.each(['1990-02-30', '1900-02-29', '0000-01-01', '1990-13-01', '90-02-03', '03/02/1990', 'soon', '', 19900203, null])('rejects %p', (input) => {
    expect(parseBirthday(input)).toBeNull();
  });
});

describe('hasNonEmptyValue (PHP empty)', () => {
  it.each([{}, { enabled: false }, { plainPassword: '' }, { plainPassword: '0' }, { authorizationRoles: [] }, { plainPassword: null }])('%p asks for no account', (user) => {
    expect(hasNonEmptyValue(user)).toBe(false);
  });
  it.each([{ enabled: true }, { plainPassword: 'x' }, { authorizationRoles: ['ROLE_A'] }])('%p asks for an account', (user) => {
    expect(hasNonEmptyValue(user)).toBe(true);
  });
});

describe('decideUserChange', () => {
  it('does nothing without a user object', () => {
    for (const mode of ['create', 'replace', 'merge'] as const) {
      expect(decideUserChange(mode, mode !== 'create', null)).toEqual({ plan: { action: 'none' }, passwordMissing: false });
    }
  });

  it('creates an account with defaults, and requires the password for it', () => {
    expect(decideUserChange('create', false, { plainPassword: 'pw12' })).toEqual({
      plan: { action: 'create', plainPassword: 'pw12', roles: ['ROLE_USER'], enabled: false },
      passwordMissing: false,
    });
    expect(decideUserChange('create', false, { enabled: true }).passwordMissing).toBe(true);
    expect(decideUserChange('merge', false, { enabled: true }).passwordMissing).toBe(true);
    expect(decideUserChange('create', false, { enabled: false })).toEqual({ plan: { action: 'none' }, passwordMissing: false });
  });

  it('requires the password under PUT whenever a user field is sent', () => {
    expect(decideUserChange('replace', true, { enabled: true }).passwordMissing).toBe(true);
    expect(decideUserChange('replace', false, { enabled: false }).passwordMissing).toBe(true);
    expect(decideUserChange('replace', true, {})).toEqual({ plan: { action: 'update', plainPassword: undefined, roles: ['ROLE_USER'], enabled: false }, passwordMissing: false });
  });

  it('changes only the sent account fields under PATCH', () => {
    expect(decideUserChange('merge', true, { enabled: true })).toEqual({
      plan: { action: 'update', plainPassword: undefined, roles: undefined, enabled: true },
      passwordMissing: false,
    });
    expect(decideUserChange('merge', true, { authorizationRoles: ['ROLE_A', 'ROLE_USER', 'ROLE_A'] }).plan).toMatchObject({ roles: ['ROLE_USER', 'ROLE_A'] });
    expect(decideUserChange('merge', true, { plainPassword: '' }).plan).toMatchObject({ plainPassword: undefined });
  });
});
