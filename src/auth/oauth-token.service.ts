import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccessToken } from './entities/access-token.entity';
import { AdminUser, API_ACCESS_ROLE } from './entities/admin-user.entity';
import { OAuthClient } from './entities/oauth-client.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { LoginThrottleService } from './login-throttle.service';
import { tokenError } from './oauth-errors';
import { verifyPassword } from './password-hasher';
import { generateToken, hashToken } from './token-hash';
import { canonicalAdminName } from './canonical-admin-name';
import { inWriteTransaction } from '../database/write-transaction';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
const REFRESH_TOKEN_LIFETIME_SECONDS = 14 * 24 * 3600;

/** Grant types the OAuth2 library of the reference recognises; only two are implemented. */
const GRANT_TYPE_PATTERN = /^(authorization_code|token|password|client_credentials|refresh_token|https?:\/\/.+|urn:.+)$/;

/** Hash of a random password: compared against when the user does not exist, so timing says nothing. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$1hIWuvNj31U2pNH/G27itQ$AWAuQptV9R23gtRYb3PVGiZXaHtninrA+xsEBF2Q+VA';

export interface TokenRequest {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  username?: string;
  password?: string;
  refresh_token?: string;
  scope?: string;
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'bearer';
  scope: null;
  refresh_token: string;
}

@Injectable()
export class OAuthTokenService {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottleService,
  ) {}

  /** Checks in the same order as the reference's OAuth2 server, so the same request gets the same error. */
  async grant(request: TokenRequest): Promise<TokenResponse> {
    const grantType = request.grant_type;
    if (!grantType || !GRANT_TYPE_PATTERN.test(grantType)) {
      throw tokenError('invalid_request', 'Invalid grant_type parameter or parameter missing');
    }
    if (!request.client_id) throw tokenError('invalid_client', 'Client id was not found in the headers or body');
    const em = this.em.fork();
    // A NUL (possible in Basic credentials) can be in no client id, and the database refuses it in a query.
    const client = request.client_id.includes('\u0000') ? null : await em.findOne(OAuthClient, { randomId: request.client_id });
    if (!client || client.secretHash !== hashToken(request.client_secret ?? '')) {
      throw tokenError('invalid_client', 'The client credentials are invalid');
    }
    if (!client.allowedGrantTypes.includes(grantType)) {
      throw tokenError('unauthorized_client', 'The grant type is unauthorized for this client_id');
    }
    if (grantType === 'password') return this.passwordGrant(em, client, request);
    if (grantType === 'refresh_token') return this.refreshTokenGrant(client, request);
    throw tokenError('unsupported_grant_type', null);
  }

  private async passwordGrant(em: EntityManager, client: OAuthClient, request: TokenRequest): Promise<TokenResponse> {
    const { username, password } = request;
    if (!username || !password) throw tokenError('invalid_request', 'Missing parameters. "username" and "password" required');
    const canonical = canonicalAdminName(username);
    const user = await em.findOne(AdminUser, { $or: [{ usernameCanonical: canonical }, { emailCanonical: canonical }] });
    // Username and email of one admin share one budget; the reservation comes before any password check.
    const subject = LoginThrottleService.subjectFor(user?.id ?? null, canonical);
    await this.throttle.reserveAttempt(subject);
    const passwordMatches = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
    if (!user || !passwordMatches || !user.enabled) {
      throw tokenError('invalid_grant', 'Invalid username and password combination');
    }
    await this.throttle.reset(subject);
    this.assertNoScope(request);
    // The throttle's statements commit on their own (a refused password must stay counted); the write is the token pair.
    return inWriteTransaction(this.em, async (tx) => {
      // Under a share lock on the admin, the password checked must still be theirs: a change committed
      // since then revoked the tokens of the old one, and a change waiting for the lock deletes this pair.
      const current = await tx.findOne(AdminUser, user.id, { lockMode: LockMode.PESSIMISTIC_READ });
      if (current === null || current.passwordHash !== user.passwordHash || !current.enabled) {
        throw tokenError('invalid_grant', 'Invalid username and password combination');
      }
      return this.issueTokens(tx, client, current);
    });
  }

  private async refreshTokenGrant(client: OAuthClient, request: TokenRequest): Promise<TokenResponse> {
    if (!request.refresh_token) throw tokenError('invalid_request', 'No "refresh_token" parameter found');
    const tokenHash = hashToken(request.refresh_token);
    const outcome = await inWriteTransaction(this.em, async (tx) => {
      // The admin is share-locked before the token is taken, as a password change locks the admin before it
      // deletes their tokens: the change then either came first (the token is gone) or deletes the new pair,
      // and the two never deadlock (taking the token first, the pair's insert would wait for the admin).
      const [owner] = await tx.execute<{ user_id: number }[]>('select user_id from refresh_token where token_hash = ? and client_id = ?', [tokenHash, client.id]);
      const user = owner ? await tx.findOne(AdminUser, owner.user_id, { lockMode: LockMode.PESSIMISTIC_READ }) : null;
      // Deleting makes the token single-use even when two requests race with it.
      const rows =
        user === null
          ? []
          : await tx.execute<{ expires_at: Date | null }[]>('delete from refresh_token where token_hash = ? and client_id = ? and user_id = ? returning expires_at', [
              tokenHash,
              client.id,
              user.id,
            ]);
      const row = rows[0];
      if (!row || user === null) throw tokenError('invalid_grant', 'Invalid refresh token');
      if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) {
        throw tokenError('invalid_grant', 'Refresh token has expired');
      }
      // A disabled admin, or one without API access, gets no new tokens; the refresh token stays revoked
      // (this transaction commits its deletion), so re-enabling the admin does not revive it.
      if (!user.enabled || !user.roles.includes(API_ACCESS_ROLE)) return 'revoked' as const;
      this.assertNoScope(request);
      return this.issueTokens(tx, client, user);
    });
    if (outcome === 'revoked') throw tokenError('invalid_grant', 'Invalid refresh token');
    return outcome;
  }

  private assertNoScope(request: TokenRequest): void {
    if (request.scope) throw tokenError('invalid_scope', 'An unsupported scope was requested.');
  }

  /** Inserts a new token pair in the write transaction `tx`; client and user may have been read on another fork. */
  private async issueTokens(tx: EntityManager, client: OAuthClient, user: AdminUser): Promise<TokenResponse> {
    const accessToken = generateToken();
    const refreshToken = generateToken();
    const now = Date.now();
    const clientRef = tx.getReference(OAuthClient, client.id);
    const userRef = tx.getReference(AdminUser, user.id);
    tx.create(AccessToken, {
      tokenHash: hashToken(accessToken),
      client: clientRef,
      user: userRef,
      expiresAt: new Date(now + ACCESS_TOKEN_LIFETIME_SECONDS * 1000),
    });
    tx.create(RefreshToken, {
      tokenHash: hashToken(refreshToken),
      client: clientRef,
      user: userRef,
      expiresAt: new Date(now + REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
    });
    await tx.flush();
    return {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      token_type: 'bearer',
      scope: null,
      refresh_token: refreshToken,
    };
  }
}
