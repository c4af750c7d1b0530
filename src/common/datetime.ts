/** `YYYY-MM-DDThh:mm:ss+0000`: the seed's datetime form, always in UTC. */
export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

/** A timestamp as PostgreSQL returns it (a string in rows and JSON, or a Date), in the seed's form. */
export function formatStoredDateTime(value: string | Date): string {
  return formatDateTime(value instanceof Date ? value : new Date(value));
}
