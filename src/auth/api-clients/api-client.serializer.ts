import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import type { OAuthClient } from '../entities/oauth-client.entity';

/** An API client as every route shows it: never its secret, of which only a hash is kept. */
export function serializeApiClient(client: Pick<OAuthClient, 'id' | 'randomId' | 'allowedGrantTypes' | 'createdAt'>) {
  return {
    id: client.id,
    clientId: client.randomId,
    allowedGrantTypes: client.allowedGrantTypes,
    createdAt: formatDateTime(client.createdAt),
    _links: selfLink(links.apiClient(client.id)),
  };
}

/** The answer of the creation: the only time the secret is shown. */
export function serializeNewApiClient(client: OAuthClient, secret: string) {
  const { _links, ...shown } = serializeApiClient(client);
  return { ...shown, clientSecret: secret, _links };
}
