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

  async validate(token: string): Promise<AuthenticatedAdmin> {
    const accessToken = await this.em.fork().findOne(AccessToken, { tokenHash: hashToken(token) }, { populate: ['user'] });
    if (!accessToken) throw invalidAccessToken();
    if (accessToken.expiresAt && accessToken.expiresAt.getTime() <= Date.now()) throw expiredAccessToken();
    const user = accessToken.user;
    if (!user.enabled || !user.roles.includes(API_ACCESS_ROLE)) throw accessDenied();
    return { id: user.id, username: user.username };
  }
}
