import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { API_ACCESS_ROLE } from './entities/admin-user.entity';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { accessDenied, expiredAccessToken, invalidAccessToken } from './oauth-errors';
import { findTokenOwner } from './queries/token-owner.read-model';
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
    const owner = await findTokenOwner(this.em, hashToken(token));
    if (!owner) throw invalidAccessToken();
    if (owner.expiresAt !== null && owner.expiresAt <= Date.now()) throw expiredAccessToken();
    if (!owner.enabled || !owner.roles.includes(API_ACCESS_ROLE)) throw accessDenied();
    return { id: owner.userId, username: owner.username, clientId: owner.clientId, tokenId: owner.tokenId };
  }
}
