/** The form of an admin's username or email used for login lookups and uniqueness: lowercase. */
export function canonicalAdminName(name: string): string {
  return name.toLowerCase();
}
