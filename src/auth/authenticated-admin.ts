/** What a request handler knows about the admin behind the bearer token. */
export interface AuthenticatedAdmin {
  id: number;
  username: string;
}
