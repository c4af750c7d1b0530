/** What a request handler knows about the admin behind the bearer token. */
export interface AuthenticatedAdmin {
  id: number;
  username: string;
  /** The OAuth client the token was issued to. */
  clientId: number;
  /** The access token of the request (its row id), so that a change can spare it while revoking the others. */
  tokenId: number;
}
