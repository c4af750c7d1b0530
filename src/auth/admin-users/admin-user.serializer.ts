import type { AdminUser } from '../entities/admin-user.entity';

/**
 * An admin user as show and create answer it. The locale is taken but never shown, and neither the
 * password nor its hash ever leaves the database.
 */
export function serializeAdminUser(user: AdminUser) {
  return {
    id: user.id,
    username: user.username,
    usernameCanonical: user.usernameCanonical,
    roles: user.roles,
    email: user.email,
    emailCanonical: user.emailCanonical,
    enabled: user.enabled,
    ...(user.firstName !== null && { firstName: user.firstName }),
    ...(user.lastName !== null && { lastName: user.lastName }),
  };
}

/** An admin user as the list shows it. */
export function serializeAdminUserListItem(user: Pick<AdminUser, 'id' | 'username' | 'email' | 'enabled'>) {
  return { id: user.id, username: user.username, email: user.email, enabled: user.enabled };
}
