import type { DeliveryHealth, DeliveryState } from './delivery-health';
import type { DeliveryJobData } from './delivery-jobs';
import { envelopeJson, eventId, type EventEnvelope } from '../../events';
import type { SqlExecutor } from './queue-database';

/** The subscription as a delivery needs it (the secrets never leave this module's callers). */
export interface DeliveryTarget {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  health: DeliveryHealth;
}

export interface DeliveryMessage {
  id: string;
  type: string;
  /** The envelope's exact bytes: the body sent and signed. */
  body: string;
}

interface TargetRow extends Omit<DeliveryTarget, 'health'> {
  state: DeliveryState;
  since: Date | null;
  consecutiveFailures: number;
  lastError: string | null;
  pausedUntil: Date | null;
}

const TARGETS = `select id, url, events, enabled, secret, previous_secret as "previousSecret", previous_secret_expires_at as "previousSecretExpiresAt",
    delivery_state as "state", delivery_since as "since", consecutive_failures as "consecutiveFailures", last_error as "lastError", paused_until as "pausedUntil"
  from webhook_subscription where id = any($1::int[])`;

const targetOf = ({ state, since, consecutiveFailures, lastError, pausedUntil, ...target }: TargetRow): DeliveryTarget => ({
  ...target,
  health: { state, since, consecutiveFailures, lastError, pausedUntil },
});

/** The subscriptions of a batch of jobs, by id; one statement. */
export async function findTargets(db: SqlExecutor, subscriptionIds: readonly number[]): Promise<Map<number, DeliveryTarget>> {
  if (subscriptionIds.length === 0) return new Map();
  const { rows } = await db.executeSql(TARGETS, [[...new Set(subscriptionIds)]]);
  return new Map((rows as TargetRow[]).map((row) => [row.id, targetOf(row)]));
}

export async function findTarget(db: SqlExecutor, subscriptionId: number): Promise<DeliveryTarget | null> {
  return (await findTargets(db, [subscriptionId])).get(subscriptionId) ?? null;
}

const PING_TYPE = 'webhook.ping';

/** A ping's envelope: not in the feed, so sequence 0; its data names the subscription it tests. */
export function pingEnvelope(target: Pick<DeliveryTarget, 'id' | 'url'>, ping: { id: string; timestamp: string }): EventEnvelope {
  return { id: ping.id, sequence: 0, type: PING_TYPE, timestamp: ping.timestamp, data: { webhook: { id: target.id, url: target.url } } };
}

function pingMessage(target: DeliveryTarget, ping: NonNullable<DeliveryJobData['ping']>): DeliveryMessage {
  const envelope = pingEnvelope(target, ping);
  return { id: envelope.id, type: envelope.type, body: JSON.stringify(envelope) };
}

/** The stored text of `data` (a json column keeps it as written), so the body is built without parsing it. */
const EVENTS = `select sequence, type, occurred_at as "occurredAt", data::text as "dataText" from event where sequence = any($1::bigint[])`;

/** Bodies of recent events: one event goes to every subscription that matches it, read once. */
export const MESSAGE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The bodies deliveries carry, byte for byte as the feed shows them, read once per event for all
 * subscriptions: the events of a batch of jobs come in one statement, and recent bodies are kept (up to
 * a fixed number of bytes, least recently used out first).
 */
export class MessageSource {
  private readonly cache = new Map<number, DeliveryMessage>();
  private cachedBytes = 0;

  constructor(private readonly db: SqlExecutor) {}

  /**
   * The message of each job (by job id); a job whose event is no longer kept has none. The batch's
   * bodies are held here, not looked up in the cache after the read: reading the missing ones can push
   * out of the cache the batch's own, those it found there as much as those it read first.
   */
  async messagesFor(jobs: ReadonlyArray<{ id: string; data: DeliveryJobData }>, targets: ReadonlyMap<number, DeliveryTarget>): Promise<Map<string, DeliveryMessage>> {
    const bodies = new Map<number, DeliveryMessage>();
    const missing = new Set<number>();
    for (const { data } of jobs) {
      if (data.sequence === null || bodies.has(data.sequence)) continue;
      const cached = this.touch(data.sequence);
      if (cached) bodies.set(data.sequence, cached);
      else missing.add(data.sequence);
    }
    if (missing.size > 0) for (const [sequence, message] of await this.load([...missing])) bodies.set(sequence, message);
    const messages = new Map<string, DeliveryMessage>();
    for (const { id, data } of jobs) {
      const target = targets.get(data.subscriptionId);
      if (data.ping && target) messages.set(id, pingMessage(target, data.ping));
      else if (data.sequence !== null) {
        const message = bodies.get(data.sequence);
        if (message) messages.set(id, message);
      }
    }
    return messages;
  }

  /** Reads these events' bodies and keeps them; answers them by sequence (the ones no longer kept are missing). */
  private async load(sequences: number[]): Promise<Map<number, DeliveryMessage>> {
    const { rows } = await this.db.executeSql(EVENTS, [sequences]);
    const read = new Map<number, DeliveryMessage>();
    for (const row of rows as Array<{ sequence: string; type: string; occurredAt: Date; dataText: string }>) {
      const sequence = Number(row.sequence);
      const body = envelopeJson({ sequence, type: row.type, occurredAt: row.occurredAt, dataText: row.dataText });
      const message = { id: eventId(sequence), type: row.type, body };
      this.remember(sequence, message);
      read.set(sequence, message);
    }
    return read;
  }

  private touch(sequence: number): DeliveryMessage | undefined {
    const message = this.cache.get(sequence);
    if (message) {
      this.cache.delete(sequence);
      this.cache.set(sequence, message);
    }
    return message;
  }

  private remember(sequence: number, message: DeliveryMessage): void {
    this.cache.set(sequence, message);
    this.cachedBytes += message.body.length;
    for (const [oldest, old] of this.cache) {
      if (this.cachedBytes <= MESSAGE_CACHE_BYTES || oldest === sequence) break;
      this.cache.delete(oldest);
      this.cachedBytes -= old.body.length;
    }
  }
}
