import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { AccessToken } from './entities/access-token.entity';
import { API_ACCESS_ROLE } from './entities/admin-user.entity';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { accessDenied, expiredAccessToken, invalidAccessToken } from './oauth-errors';
import { hashToken } from './token-hash';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly em: EntityManager) {
    super();
  }

  /**
   * `token` is whatever the request carried: a repeated `access_token` query key (or a JSON body's
   * `access_token` array or object) arrives as something else than a string, and is as invalid as an
   * unknown token.
   */
  async validate(token: unknown): Promise<AuthenticatedAdmin> {
    if (typeof token !== 'string') throw invalidAccessToken();
    // The token (by the hash of its value) and its user in one indexed, joined select; this runs for every API call.
    const stored = await this.em.fork().findOne(
      AccessToken,
      { tokenHash: hashToken(token) },
      { populate: ['user'], fields: ['expiresAt', 'user.id', 'user.username', 'user.enabled', 'user.roles'], strategy: 'joined', disableIdentityMap: true },
    );
    if (!stored) throw invalidAccessToken();
    if (stored.expiresAt !== null && stored.expiresAt.getTime() <= Date.now()) throw expiredAccessToken();
    const user = stored.user;
    if (!user.enabled || !user.roles.includes(API_ACCESS_ROLE)) throw accessDenied();
    return { id: user.id, username: user.username };
  }
}
