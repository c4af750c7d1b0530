import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessToken } from '../../src/auth/entities/access-token.entity';
import { AdminUser } from '../../src/auth/entities/admin-user.entity';
import { OAuthClient } from '../../src/auth/entities/oauth-client.entity';
import { RefreshToken } from '../../src/auth/entities/refresh-token.entity';
import { hashPassword } from '../../src/auth/password-hasher';
import { hashToken } from '../../src/auth/token-hash';

export const ADMIN = { username: 'sylius', email: 'api@sylius.com', password: 'sylius' };
export const CLIENT = { id: 'client_id', secret: 'secret' };
export const TOKEN = 'SampleTokenNjZkNjY2MDEwMTAzMDkxMGE0OTlhYzU3NzYyMTE0ZGQ3ODcyMDAwM2EwMDZjNDI5NDlhMDdlMQ';
export const REFRESH_TOKEN = 'SampleRefreshTokenODllODY4ZTQyOThlNWIyMjA1ZDhmZjE1ZDYyMGMwOTUxOWM2NGFmNGRjNjQ2NDBhMDVlNGZjMmQ0YzgyNDM2Ng';

/** The reference suite's API administrator, client and pre-issued tokens. */
export async function seedAuth(em: EntityManager): Promise<{ admin: AdminUser; client: OAuthClient }> {
  const admin = em.create(AdminUser, {
    username: ADMIN.username,
    usernameCanonical: ADMIN.username,
    email: ADMIN.email,
    emailCanonical: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    localeCode: 'en_US',
  });
  const client = em.create(OAuthClient, {
    randomId: CLIENT.id,
    secretHash: hashToken(CLIENT.secret),
    allowedGrantTypes: ['password', 'access_token', 'refresh_token'],
  });
  em.create(AccessToken, { tokenHash: hashToken(TOKEN), client, user: admin, expiresAt: null });
  em.create(RefreshToken, { tokenHash: hashToken(REFRESH_TOKEN), client, user: admin, expiresAt: null });
  await em.flush();
  return { admin, client };
}
