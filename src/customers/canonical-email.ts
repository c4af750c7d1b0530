/**
 * The form of an email used for uniqueness and lookups: Unicode NFKC (so composed and decomposed
 * accents, and fullwidth letters, compare equal), then lowercase. The email as given is kept too.
 */
export function canonicalEmail(email: string): string {
  return email.normalize('NFKC').toLowerCase();
}
