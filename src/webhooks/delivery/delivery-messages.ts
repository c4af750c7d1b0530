import type { DeliveryJobData } from './delivery-jobs';
import { envelopeJson, eventId, type EventEnvelope } from '../../events';
import type { SqlExecutor } from './queue-database';

/** The subscription as a delivery needs it (the secrets never leave this module). */
export interface DeliveryTarget {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

export interface DeliveryMessage {
  id: string;
  type: string;
  /** The envelope's exact bytes: the body sent and signed. */
  body: string;
}

const TARGET = `select id, url, events, enabled, secret, previous_secret as "previousSecret", previous_secret_expires_at as "previousSecretExpiresAt"
  from webhook_subscription where id = $1`;
const EVENT = `select sequence, type, occurred_at as "occurredAt", data::text as "dataText" from event where sequence = $1`;

export async function findTarget(db: SqlExecutor, subscriptionId: number): Promise<DeliveryTarget | null> {
  const { rows } = await db.executeSql(TARGET, [subscriptionId]);
  return (rows[0] as DeliveryTarget | undefined) ?? null;
}

const PING_TYPE = 'webhook.ping';

/** A ping's envelope: not in the feed, so sequence 0; its data names the subscription it tests. */
export function pingEnvelope(target: Pick<DeliveryTarget, 'id' | 'url'>, ping: { id: string; timestamp: string }): EventEnvelope {
  return { id: ping.id, sequence: 0, type: PING_TYPE, timestamp: ping.timestamp, data: { webhook: { id: target.id, url: target.url } } };
}

/** What a job delivers, byte for byte as the feed shows it; null when the event is no longer kept. */
export async function findMessage(db: SqlExecutor, target: DeliveryTarget, job: DeliveryJobData): Promise<DeliveryMessage | null> {
  if (job.ping) {
    const envelope = pingEnvelope(target, job.ping);
    return { id: envelope.id, type: envelope.type, body: JSON.stringify(envelope) };
  }
  const { rows } = await db.executeSql(EVENT, [job.sequence]);
  const row = rows[0] as { sequence: string; type: string; occurredAt: Date; dataText: string } | undefined;
  if (!row) return null;
  const sequence = Number(row.sequence);
  return { id: eventId(sequence), type: row.type, body: envelopeJson({ sequence, type: row.type, occurredAt: row.occurredAt, dataText: row.dataText }) };
}
