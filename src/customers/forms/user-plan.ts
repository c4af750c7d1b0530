import { hasNonEmptyValue, type UserInput, type WriteMode } from './customer-input';

const DEFAULT_ROLE = 'ROLE_USER';

/** What a write does to the customer's shop account. */
export type UserPlan =
  | { action: 'none' }
  | { action: 'create'; plainPassword: string; roles: string[]; enabled: boolean }
  | { action: 'update'; plainPassword?: string; roles?: string[]; enabled?: boolean };

export interface UserDecision {
  plan: UserPlan;
  /** The request must carry a password but does not. */
  passwordMissing: boolean;
}

/** `ROLE_USER` first, then the requested roles, without repeats. */
function withDefaultRole(roles: readonly string[] | null | undefined): string[] {
  return [...new Set([DEFAULT_ROLE, ...(roles ?? [])])];
}

/**
 * Decides from a valid form whether the account is created, updated or left alone, and whether the
 * password is required: always for a new account, and under PUT whenever any user field is sent.
 */
export function decideUserChange(mode: WriteMode, hasUser: boolean, input: UserInput | null): UserDecision {
  if (input === null) return { plan: { action: 'none' }, passwordMissing: false };
  const password = typeof input.plainPassword === 'string' && input.plainPassword !== '' ? input.plainPassword : undefined;
  const anyFieldSent = Object.keys(input).length > 0;
  const creates = !hasUser && hasNonEmptyValue(input);
  const passwordRequired = creates || (mode === 'replace' && anyFieldSent);
  const passwordMissing = passwordRequired && password === undefined;
  if (passwordMissing) return { plan: { action: 'none' }, passwordMissing };

  if (creates) {
    return {
      plan: { action: 'create', plainPassword: password!, roles: withDefaultRole(input.authorizationRoles), enabled: input.enabled ?? false },
      passwordMissing,
    };
  }
  if (!hasUser) return { plan: { action: 'none' }, passwordMissing };
  if (mode === 'replace') {
    return { plan: { action: 'update', plainPassword: password, roles: withDefaultRole(input.authorizationRoles), enabled: input.enabled ?? false }, passwordMissing };
  }
  return {
    plan: {
      action: 'update',
      plainPassword: password,
      roles: input.authorizationRoles !== undefined ? withDefaultRole(input.authorizationRoles) : undefined,
      enabled: input.enabled,
    },
    passwordMissing,
  };
}
