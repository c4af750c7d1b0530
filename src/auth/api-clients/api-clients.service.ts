import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { httpError, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { inWriteTransaction } from '../../database/write-transaction';
import type { AuthenticatedAdmin } from '../authenticated-admin';
import { OAuthClient } from '../entities/oauth-client.entity';
import { hashToken } from '../token-hash';
import { CANNOT_REVOKE_OWN_CLIENT } from './api-client-messages';
import type { ApiClientForm } from './api-client.form';
import { serializeApiClient, serializeNewApiClient } from './api-client.serializer';
import { newClientCredentials } from './client-credentials';

/**
 * The OAuth clients that may ask the token endpoint for tokens. A client's secret is shown once, when it
 * is created; revoking a client deletes it with every token issued to it (the foreign keys cascade), and
 * requests check their token's row, so its tokens stop working at once.
 */
@Injectable()
export class ApiClientsService {
  constructor(private readonly em: EntityManager) {}

  list(rawQuery: string) {
    return readPlainList(this.em, OAuthClient, links.apiClients(), rawQuery, serializeApiClient);
  }

  async show(id: number) {
    const client = await this.em.fork().findOne(OAuthClient, id, { disableIdentityMap: true });
    if (client === null) throw resourceNotFound('API client');
    return serializeApiClient(client);
  }

  async create(form: SubmittedForm<ApiClientForm>) {
    throwIfInvalid(form.errors);
    const { clientId, secret } = newClientCredentials();
    const grantTypes = [...new Set(form.data.allowedGrantTypes)];
    const client = await inWriteTransaction(this.em, async (tx) => {
      const created = tx.create(OAuthClient, { randomId: clientId, secretHash: hashToken(secret), allowedGrantTypes: grantTypes });
      await tx.flush();
      return created;
    });
    return serializeNewApiClient(client, secret);
  }

  /** Revokes the client and its tokens; never the client of the request's own token (422). */
  async revoke(id: number, actor: AuthenticatedAdmin): Promise<void> {
    if (id === actor.clientId) throw httpError(422, CANNOT_REVOKE_OWN_CLIENT);
    await inWriteTransaction(this.em, async (tx) => {
      const rows = await tx.execute<Array<{ id: number }>>('delete from oauth_client where id = ? returning id', [id]);
      if (rows.length === 0) throw resourceNotFound('API client');
    });
  }
}
