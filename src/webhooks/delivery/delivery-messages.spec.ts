import { MESSAGE_CACHE_BYTES, MessageSource } from './delivery-messages';
import type { SqlExecutor } from './queue-database';

/** Two of these bodies outweigh the cache. */
const BIG = Math.ceil(MESSAGE_CACHE_BYTES * 0.6);
const OCCURRED_AT = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));

/** The event table of these sequences (each body BIG bytes), and the sequences each read asked for. */
function eventTable(kept: number[]): SqlExecutor & { reads: number[][] } {
  const reads: number[][] = [];
  return {
    reads,
    executeSql: (_text: string, values?: unknown[]) => {
      const asked = values?.[0] as number[];
      reads.push([...asked]);
      const rows = asked.filter((sequence) => kept.includes(sequence)).map((sequence) => ({ sequence: String(sequence), type: 'cart.updated', occurredAt: OCCURRED_AT, dataText: `"${'x'.repeat(BIG)}"` }));
      return Promise.resolve({ rows });
    },
  };
}

const job = (sequence: number) => ({ id: `job-${sequence}`, data: { subscriptionId: 1, sequence, attempt: 1 } });

/** Each job's message, as the id of the event it carries. */
async function messageIds(source: MessageSource, sequences: number[]): Promise<Array<[string, string]>> {
  const messages = await source.messagesFor(sequences.map(job), new Map());
  return [...messages].map(([jobId, message]) => [jobId, message.id]);
}

describe('the bodies of a batch of delivery jobs', () => {
  it('gives every job of a batch its body when the bodies together outweigh the cache', async () => {
    const events = eventTable([1, 2]);

    expect(await messageIds(new MessageSource(events), [1, 2])).toEqual([
      ['job-1', 'evt_000000000001'],
      ['job-2', 'evt_000000000002'],
    ]);
    expect(events.reads).toEqual([[1, 2]]);
  });

  it('keeps the body it found cached for its job when reading the rest of the batch pushes it out of the cache', async () => {
    const events = eventTable([1, 2]);
    const source = new MessageSource(events);
    await messageIds(source, [2]);

    expect(await messageIds(source, [2, 1])).toEqual([
      ['job-2', 'evt_000000000002'],
      ['job-1', 'evt_000000000001'],
    ]);
    expect(events.reads).toEqual([[2], [1]]);
  });

  it('gives no body to the job of an event no longer kept', async () => {
    const events = eventTable([2]);

    expect(await messageIds(new MessageSource(events), [1, 2])).toEqual([['job-2', 'evt_000000000002']]);
  });
});
