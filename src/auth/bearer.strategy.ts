import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { executePrepared, preparedStatement } from '../database/prepared-statements';
import { API_ACCESS_ROLE } from './entities/admin-user.entity';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { accessDenied, expiredAccessToken, invalidAccessToken } from './oauth-errors';
import { hashToken } from './token-hash';

interface TokenOwner {
  /** Expiry in epoch milliseconds (truncated, as a Date holds it), or null for a token that never expires. */
  expires_at: number | null;
  user_id: number;
  username: string;
  enabled: boolean;
  roles: string[];
}

/** The token (by the hash of its value) and its user, in one indexed statement; this runs for every API call. */
const TOKEN_OWNER = preparedStatement(
  'access_token_owner',
  ['text'],
  `select floor(extract(epoch from t.expires_at) * 1000)::float8 as expires_at, u.id as user_id, u.username, u.enabled, u.roles
     from access_token t join admin_user u on u.id = t.user_id
    where t.token_hash = ?`,
);

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async validate(token: string): Promise<AuthenticatedAdmin> {
    const [owner] = await executePrepared<TokenOwner>(this.em.fork(), TOKEN_OWNER, [hashToken(token)]);
    if (!owner) throw invalidAccessToken();
    if (owner.expires_at !== null && owner.expires_at <= Date.now()) throw expiredAccessToken();
    if (!owner.enabled || !owner.roles.includes(API_ACCESS_ROLE)) throw accessDenied();
    return { id: owner.user_id, username: owner.username };
  }
}
