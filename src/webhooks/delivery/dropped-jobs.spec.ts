import { Registry } from 'prom-client';
import { HEALTHY } from './delivery-health';
import { MessageSource, type DeliveryTarget } from './delivery-messages';
import { DeliveryMetrics, type MetricSources } from './delivery-metrics';
import { dropReason, logDroppedJob } from './dropped-jobs';
import type { SqlExecutor } from './queue-database';

const SECRET = 'whsec_c2VjcmV0LW5ldmVyLWxvZ2dlZA==';
const URL = 'https://hooks.example.com/receive?token=never-logged';

const target = (enabled: boolean): DeliveryTarget => ({
  id: 7,
  url: URL,
  events: ['*'],
  enabled,
  secret: SECRET,
  previousSecret: null,
  previousSecretExpiresAt: null,
  health: HEALTHY,
});

/** An event table that keeps only sequence 2. */
const events: SqlExecutor = {
  executeSql: (_text: string, values?: unknown[]) =>
    Promise.resolve({
      rows: (values?.[0] as number[])
        .filter((sequence) => sequence === 2)
        .map((sequence) => ({ sequence: String(sequence), type: 'cart.updated', occurredAt: new Date(Date.UTC(2026, 10, 28)), dataText: '{"id":1}' })),
    }),
};

const eventJob = (sequence: number) => ({ id: `job-${sequence}`, data: { subscriptionId: 7, sequence, attempt: 1 } });
const pingJob = { id: 'job-ping', data: { subscriptionId: 7, sequence: null, ping: { id: 'evt_ping_1', timestamp: '2026-11-28T12:00:00+0000' }, attempt: 1 } };

/** Each job's reason, as the pump finds it: the subscriptions and bodies of its batch, then the verdict per job. */
async function reasons(targets: Map<number, DeliveryTarget>): Promise<Array<[string, string | null]>> {
  const jobs = [eventJob(1), eventJob(2), pingJob];
  const messages = await new MessageSource(events).messagesFor(jobs, targets);
  return jobs.map((job) => [job.id, dropReason(targets.get(job.data.subscriptionId), messages.get(job.id))]);
}

describe('why a delivery job is dropped unsent', () => {
  it('sends what has an enabled subscription and a body; the job of an event no longer kept is event_gone', async () => {
    expect(await reasons(new Map([[7, target(true)]]))).toEqual([
      ['job-1', 'event_gone'],
      ['job-2', null],
      ['job-ping', null],
    ]);
  });

  it('names a deleted subscription first, whether or not the body is there (a ping has none without it)', async () => {
    expect(await reasons(new Map())).toEqual([
      ['job-1', 'subscription_gone'],
      ['job-2', 'subscription_gone'],
      ['job-ping', 'subscription_gone'],
    ]);
  });

  it('names a disabled subscription before a missing body', async () => {
    expect(await reasons(new Map([[7, target(false)]]))).toEqual([
      ['job-1', 'subscription_disabled'],
      ['job-2', 'subscription_disabled'],
      ['job-ping', 'subscription_disabled'],
    ]);
  });
});

describe('the log line of a dropped job', () => {
  const lines = () => {
    const logged: Array<[string, string]> = [];
    const at = (level: string) => (message: string) => logged.push([level, message]);
    return { logged, log: { error: at('error'), warn: at('warn'), debug: at('debug') } };
  };

  it('warns of an event gone and puts the others at debug, naming the subscription, the sequence or ping, and the reason', () => {
    const { logged, log } = lines();
    logDroppedJob(log, eventJob(1).data, 'event_gone');
    logDroppedJob(log, eventJob(2).data, 'subscription_gone');
    logDroppedJob(log, pingJob.data, 'subscription_disabled');

    expect(logged).toEqual([
      [
        'warn',
        "webhook 7: delivery job of event sequence 1 dropped unsent: event_gone (the event was purged first: EVENTS_RETENTION_DAYS is shorter than this job's retries and put-offs)",
      ],
      ['debug', 'webhook 7: delivery job of event sequence 2 dropped unsent: subscription_gone'],
      ['debug', 'webhook 7: delivery job of ping evt_ping_1 dropped unsent: subscription_disabled'],
    ]);
  });

  it('puts a replay\'s job of an event no longer matched at debug, and a job pg-boss gave up on at error, saying how to send it again', () => {
    const { logged, log } = lines();
    logDroppedJob(log, eventJob(5).data, 'replay_no_longer_matches');
    logDroppedJob(log, eventJob(5).data, 'retries_exhausted');
    logDroppedJob(log, pingJob.data, 'retries_exhausted');

    expect(logged).toEqual([
      ['debug', 'webhook 7: delivery job of event sequence 5 dropped unsent: replay_no_longer_matches'],
      [
        'error',
        'webhook 7: delivery job of event sequence 5 dropped unsent: retries_exhausted (its process died mid-attempt, or recording its attempt failed, on every try; ' +
          'it may have reached the receiver unrecorded; POST /api/v1/webhooks/7/replay {"after":4} sends it again, with the matching events after it)',
      ],
      [
        'error',
        'webhook 7: delivery job of ping evt_ping_1 dropped unsent: retries_exhausted (its process died mid-attempt, or recording its attempt failed, on every try; ' +
          'it may have reached the receiver unrecorded; a ping is not replayed: POST /api/v1/webhooks/7/ping sends a new one)',
      ],
    ]);
    expect(logged.join('\n')).not.toContain(SECRET);
    expect(logged.join('\n')).not.toContain('hooks.example.com');
  });
});

describe('webhook_jobs_dropped_total', () => {
  const metrics = () => {
    const registry = new Registry();
    const sources = { db: events, boss: {}, attemptsInFlight: () => 0 } as unknown as MetricSources;
    return { registry, metrics: new DeliveryMetrics(registry, sources) };
  };

  it('shows every reason at 0 before the first drop, and counts each drop under its reason', async () => {
    const { registry, metrics: counted } = metrics();
    expect(await registry.getSingleMetricAsString('webhook_jobs_dropped_total')).toBe(
      [
        '# HELP webhook_jobs_dropped_total Delivery jobs ended unsent with no attempt recorded, by reason ' +
          '(event_gone, subscription_gone, subscription_disabled, replay_no_longer_matches, retries_exhausted)',
        '# TYPE webhook_jobs_dropped_total counter',
        'webhook_jobs_dropped_total{reason="event_gone"} 0',
        'webhook_jobs_dropped_total{reason="subscription_gone"} 0',
        'webhook_jobs_dropped_total{reason="subscription_disabled"} 0',
        'webhook_jobs_dropped_total{reason="replay_no_longer_matches"} 0',
        'webhook_jobs_dropped_total{reason="retries_exhausted"} 0',
      ].join('\n'),
    );

    counted.dropped('subscription_gone');
    counted.dropped('subscription_gone');
    counted.dropped('event_gone');
    counted.dropped('retries_exhausted');
    const text = await registry.getSingleMetricAsString('webhook_jobs_dropped_total');
    expect(text).toMatch(/^webhook_jobs_dropped_total\{reason="event_gone"\} 1$/m);
    expect(text).toMatch(/^webhook_jobs_dropped_total\{reason="subscription_gone"\} 2$/m);
    expect(text).toMatch(/^webhook_jobs_dropped_total\{reason="subscription_disabled"\} 0$/m);
    expect(text).toMatch(/^webhook_jobs_dropped_total\{reason="retries_exhausted"\} 1$/m);
  });
});
