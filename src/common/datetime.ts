/** `YYYY-MM-DDThh:mm:ss+0000`: the seed's datetime form, always in UTC. */
export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}
