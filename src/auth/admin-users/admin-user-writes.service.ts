import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { httpError, resourceNotFound } from '../../common/errors/api-error';
import type { FormErrors } from '../../common/forms/form-errors';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { inWriteTransaction } from '../../database/write-transaction';
import type { AuthenticatedAdmin } from '../authenticated-admin';
import { canonicalAdminName } from '../canonical-admin-name';
import { AdminUser } from '../entities/admin-user.entity';
import { hashPassword } from '../password-hasher';
import * as m from './forms/admin-user-messages';
import type { AdminUserForm } from './forms/admin-user.form';

/** What admins created over the API may do: the admin panel's role; API access is granted from the command line. */
const NEW_ADMIN_ROLES = ['ROLE_ADMINISTRATION_ACCESS'];

/** The unique columns of an admin: the form field each is reported at, its message and its index. */
const UNIQUE_NAMES = [
  { field: 'username', column: 'usernameCanonical', constraint: 'admin_user_username_canonical_unique', message: m.USERNAME_TAKEN },
  { field: 'email', column: 'emailCanonical', constraint: 'admin_user_email_canonical_unique', message: m.EMAIL_TAKEN },
] as const;

/**
 * Creates, changes and deletes admin users, each in one transaction. Usernames and emails are unique in
 * their lowercase form: checked inside the transaction, and a concurrent write that stored the same name
 * first gets the same 400 from the unique index. Access tokens are checked against their admin on every
 * request, so disabling or deleting an admin shuts their tokens out at once (deleting also removes them).
 * A new password revokes the admin's tokens in the same transaction (see revokeTokensOnPasswordChange).
 */
@Injectable()
export class AdminUserWritesService {
  constructor(private readonly em: EntityManager) {}

  async create(form: SubmittedForm<AdminUserForm>): Promise<AdminUser> {
    if (form.data.plainPassword == null && !form.errors.has('plainPassword')) form.errors.add('plainPassword', m.PASSWORD_BLANK);
    const passwordHash = await this.hashOf(form);
    return withUniqueNames(form.errors, () =>
      inWriteTransaction(this.em, async (tx) => {
        await checkUniqueNames(tx, form, null);
        throwIfInvalid(form.errors);
        const { username, email } = form.data;
        const user = tx.create(AdminUser, {
          username: username!,
          usernameCanonical: canonicalAdminName(username!),
          email: email!,
          emailCanonical: canonicalAdminName(email!),
          passwordHash: passwordHash!,
          roles: NEW_ADMIN_ROLES,
          enabled: form.data.enabled ?? false,
          firstName: form.data.firstName ?? null,
          lastName: form.data.lastName ?? null,
          localeCode: form.data.localeCode ?? null,
        });
        await tx.flush();
        return user;
      }),
    );
  }

  /**
   * PUT (`replace`) or PATCH (`merge`). A password left out keeps the old one. An unknown id is a 404
   * before the form's violations; an admin cannot disable themselves (422, after them).
   */
  async update(id: number, form: SubmittedForm<AdminUserForm>, mode: UpdateMode, actor: AuthenticatedAdmin): Promise<void> {
    const passwordHash = await this.hashOf(form);
    await withUniqueNames(form.errors, () =>
      inWriteTransaction(this.em, async (tx) => {
        const user = await tx.findOne(AdminUser, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (user === null) throw resourceNotFound('admin user');
        await checkUniqueNames(tx, form, id);
        throwIfInvalid(form.errors);
        const changes = submittedChanges(form.data, { username: null, email: null, enabled: false, firstName: null, lastName: null, localeCode: null }, mode);
        if (changes.enabled === false && id === actor.id) throw httpError(422, m.CANNOT_DISABLE_SELF);
        if (changes.username != null) Object.assign(user, { username: changes.username, usernameCanonical: canonicalAdminName(changes.username) });
        if (changes.email != null) Object.assign(user, { email: changes.email, emailCanonical: canonicalAdminName(changes.email) });
        if (changes.enabled !== undefined) user.enabled = changes.enabled;
        if (changes.firstName !== undefined) user.firstName = changes.firstName;
        if (changes.lastName !== undefined) user.lastName = changes.lastName;
        if (changes.localeCode != null) user.localeCode = changes.localeCode;
        if (passwordHash !== null) user.passwordHash = passwordHash;
        await tx.flush();
        if (passwordHash !== null) await revokeTokensOnPasswordChange(tx, id, actor);
      }),
    );
  }

  /** Deletes the admin with their access and refresh tokens; never the admin making the request (422). */
  async delete(id: number, actor: AuthenticatedAdmin): Promise<void> {
    if (id === actor.id) throw httpError(422, m.CANNOT_DELETE_SELF);
    await inWriteTransaction(this.em, async (tx) => {
      const rows = await tx.execute<Array<{ id: number }>>('delete from admin_user where id = ? returning id', [id]);
      if (rows.length === 0) throw resourceNotFound('admin user');
    });
  }

  /** The hash of a valid password sent with the form, taken before the transaction (it costs tens of ms); null without one. */
  private async hashOf(form: SubmittedForm<AdminUserForm>): Promise<string | null> {
    const password = form.data.plainPassword;
    if (typeof password !== 'string' || form.errors.has('plainPassword')) return null;
    return hashPassword(password);
  }
}

/**
 * Deletes every refresh token and access token of admin `id`, but the access token of the request when
 * the admin changes their own password, so they stay logged in until it expires. Their refresh tokens go
 * too: nothing ties a refresh token to the access token it came with, so theirs cannot be told apart.
 * Runs after the admin's row is locked FOR UPDATE: a token grant share-locks the admin before it takes a
 * refresh token or inserts a pair, so it either commits first (and its pair is deleted here) or comes
 * after and finds the token gone or the password changed.
 */
async function revokeTokensOnPasswordChange(tx: EntityManager, id: number, actor: AuthenticatedAdmin): Promise<void> {
  await tx.execute('delete from refresh_token where user_id = ?', [id]);
  if (id === actor.id) await tx.execute('delete from access_token where user_id = ? and id <> ?', [id, actor.tokenId]);
  else await tx.execute('delete from access_token where user_id = ?', [id]);
}

/** Adds the taken-name messages for a username or email another admin (not `self`) has. */
async function checkUniqueNames(tx: EntityManager, form: SubmittedForm<AdminUserForm>, self: number | null): Promise<void> {
  for (const name of UNIQUE_NAMES) {
    const value = form.data[name.field];
    if (typeof value !== 'string' || form.errors.has(name.field)) continue;
    const taken = await tx.count(AdminUser, { [name.column]: canonicalAdminName(value), ...(self !== null && { id: { $ne: self } }) });
    if (taken > 0) form.errors.add(name.field, name.message);
  }
}

async function withUniqueNames<T>(errors: FormErrors, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = error instanceof UniqueConstraintViolationException ? (error as { constraint?: string }).constraint : undefined;
    const name = UNIQUE_NAMES.find((candidate) => candidate.constraint === constraint);
    if (name !== undefined) {
      errors.add(name.field, name.message);
      throwIfInvalid(errors);
    }
    throw error;
  }
}
