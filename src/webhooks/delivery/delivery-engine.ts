import { randomBytes } from 'node:crypto';
import { PgBoss, type Job } from 'pg-boss';
import type { Registry } from 'prom-client';
import { formatDateTime } from '../../common/datetime';
import type { BreakerPolicy } from './delivery-health';
import { deliveryJob, jobExpirySeconds, type DeliveryJobData } from './delivery-jobs';
import { findTarget, pingEnvelope, type DeliveryTarget } from './delivery-messages';
import { DeliveryMetrics } from './delivery-metrics';
import { dispatchNewEvents } from './dispatcher';
import { logDroppedJob, type DropReason } from './dropped-jobs';
import type { EventEnvelope } from '../../events';
import { DeliveryPump, type PumpLog } from './delivery-pump';
import { outageAwareLog } from './outage-aware-log';
import { DEAD_LETTER_QUEUE, DELIVERY_QUEUE, DISPATCH_QUEUE, QUEUE_SCHEMA } from './queue-names';
import { QueueDatabase } from './queue-database';
import { checkQueueSchemaVersion, releaseDeferredJobs } from './queue-tables';
import { replayEvents } from './replay';

export interface DeliveryEngineSettings {
  url: string;
  embedded: boolean;
  /** Jobs this process has in hand at once (see delivery-pump.ts); 0 delivers nothing here. */
  concurrency: number;
  /** Attempts in flight at once for one healthy subscription, in this process. */
  subscriptionConcurrency: number;
  breaker: BreakerPolicy;
  retryDelays: readonly number[];
  attemptTimeoutMs: number;
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

const DISPATCH_POLLING_INTERVAL_SECONDS = 5;
/** The periodic dispatch: catches events whose writer died between commit and kick. */
const DISPATCH_CRON = '* * * * *';

/** A job whose process died is handed out again within half its expiry after it expires. */
const superviseSeconds = (attemptTimeoutMs: number): number => Math.max(1, Math.floor(jobExpirySeconds(attemptTimeoutMs) / 2));

/** Jobs pg-boss gave up on are rare: looked for every few seconds, many at a time after a crash loop. */
const DEAD_LETTER_POLLING_INTERVAL_SECONDS = 5;
const DEAD_LETTER_BATCH = 100;

/** Waiting jobs read and deleted per round when a subscription is deleted. */
const DROP_BATCH = 1000;

/**
 * The webhook delivery engine of one process, on pg-boss. Every process that writes events kicks the
 * dispatcher after its commits (dispatcher.ts); processes that deliver run a pump (delivery-pump.ts)
 * that keeps many attempts in flight, signs and sends them (send-attempt.ts) and records them in
 * batches (attempt-recorder.ts). The periodic schedule and the expiry of jobs whose process died keep
 * every committed event going out after any crash.
 */
export class DeliveryEngine {
  private readonly database: QueueDatabase;
  private readonly boss: PgBoss;
  private readonly pump: DeliveryPump | null;
  private readonly metrics: DeliveryMetrics;
  private readonly log: PumpLog;
  private dispatching: Promise<void> | null = null;
  private dispatchAgain = false;
  private stopped = false;

  constructor(
    private readonly settings: DeliveryEngineSettings,
    registry: Registry,
    log: PumpLog,
  ) {
    // pg-boss, the pump and the dispatcher keep going through a database outage and resume after it.
    this.log = outageAwareLog(log);
    this.database = new QueueDatabase(settings.url, settings.embedded);
    const delivers = settings.concurrency > 0;
    this.boss = new PgBoss({
      db: this.database,
      schema: QUEUE_SCHEMA,
      // The schema is a migration's (see Migration20261127040000); pg-boss only checks its version.
      migrate: false,
      // Expiring the jobs of dead processes (and counting the queue, see the depth gauge) and the cron
      // clock run where deliveries run. Expiry is part of pg-boss 12's monitor pass, which runs when both
      // its supervise and monitor intervals have passed; retention (its "maintenance") keeps its daily default.
      supervise: delivers,
      schedule: delivers,
      superviseIntervalSeconds: superviseSeconds(settings.attemptTimeoutMs),
      monitorIntervalSeconds: superviseSeconds(settings.attemptTimeoutMs),
      cronWorkerIntervalSeconds: 5,
    });
    this.boss.on('error', (error) => this.log.error('webhook queue error', error));
    this.metrics = new DeliveryMetrics(registry, { db: this.database, boss: this.boss, attemptsInFlight: () => this.pump?.attemptsInFlight ?? 0 });
    this.pump = delivers ? new DeliveryPump(this.database, this.boss, settings, { retryDelays: settings.retryDelays }, this.metrics, this.log) : null;
  }

  /** Whether commits in this process should kick the dispatcher: someone delivers what it dispatches. */
  get dispatchesOnCommit(): boolean {
    return this.pump !== null || !this.settings.embedded;
  }

  async start(): Promise<void> {
    await checkQueueSchemaVersion(this.boss);
    await this.boss.start();
    if (this.pump === null) return;
    await this.boss.schedule(DISPATCH_QUEUE, DISPATCH_CRON, {}, { singletonKey: 'cron' });
    // Only the schedule sends these, once a minute: no need to ask for them every second.
    await this.boss.work(DISPATCH_QUEUE, { pollingIntervalSeconds: DISPATCH_POLLING_INTERVAL_SECONDS }, () => this.dispatchNow());
    await this.boss.work<DeliveryJobData>(DEAD_LETTER_QUEUE, { pollingIntervalSeconds: DEAD_LETTER_POLLING_INTERVAL_SECONDS, batchSize: DEAD_LETTER_BATCH }, (jobs) =>
      Promise.resolve(this.givenUp(jobs)),
    );
    this.pump.start();
    // Whatever a crashed process committed but never dispatched.
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.dispatching;
    await this.pump?.stop();
    await this.boss.stop({ graceful: true, timeout: this.settings.attemptTimeoutMs + 1000, close: false });
    await this.database.close();
  }

  /** Dispatch soon: at most one run at a time, and one more after it when kicked meanwhile. */
  kick(): void {
    if (this.stopped) return;
    if (this.dispatching) {
      this.dispatchAgain = true;
      return;
    }
    this.dispatching = this.dispatchNow()
      .catch((error: unknown) => this.log.error('webhook dispatch failed', error))
      .finally(() => {
        this.dispatching = null;
        if (this.dispatchAgain) {
          this.dispatchAgain = false;
          this.kick();
        }
      });
  }

  private async dispatchNow(): Promise<void> {
    const created = await dispatchNewEvents(this.database, this.boss, this.settings.attemptTimeoutMs);
    if (created > 0) this.pump?.wake();
  }

  /** Queues every matching event after `after` for the subscription again; answers how many. */
  async replay(target: DeliveryTarget, after: number): Promise<number> {
    const { queued, dropped } = await replayEvents(this.database, this.boss, target, after, this.settings.attemptTimeoutMs);
    for (const { job, reason } of dropped) this.countDropped(job, reason);
    this.pump?.wake();
    return queued;
  }

  /** Queues a `webhook.ping` to this subscription only; answers the envelope it will carry. */
  async ping(target: DeliveryTarget): Promise<EventEnvelope> {
    const ping = { id: `evt_ping_${randomBytes(12).toString('hex')}`, timestamp: formatDateTime(new Date()) };
    await this.boss.insert(DELIVERY_QUEUE, [deliveryJob({ subscriptionId: target.id, sequence: null, ping, attempt: 1 }, this.settings.attemptTimeoutMs)]);
    this.pump?.wake();
    return pingEnvelope(target, ping);
  }

  /**
   * The waiting jobs of a subscription just deleted go, after the delete's commit (a rolled-back delete
   * keeps them). One left behind (a crash in between, or one taken meanwhile) is harmless: the pump finds
   * no subscription for it and completes it unsent. Each is counted and logged as dropped (one taken
   * between the find and the delete may be counted again by the pump).
   */
  async dropJobsOf(subscriptionId: number): Promise<void> {
    for (;;) {
      const waiting = await this.boss.findJobs<DeliveryJobData>(DELIVERY_QUEUE, { data: { subscriptionId }, queued: true, limit: DROP_BATCH });
      if (waiting.length > 0) await this.boss.deleteJob(DELIVERY_QUEUE, waiting.map((job) => job.id));
      for (const job of waiting) this.countDropped(job.data, 'subscription_gone');
      if (waiting.length < DROP_BATCH) return;
    }
  }

  /**
   * The copies of the delivery jobs pg-boss gave up on (see queue-names.ts), each counted and logged,
   * then completed by `work`. One taken by a process that dies before completing it comes back when it
   * expires, and is counted again.
   */
  private givenUp(jobs: Array<Job<DeliveryJobData>>): void {
    for (const job of jobs) this.countDropped(job.data, 'retries_exhausted');
  }

  private countDropped(job: DeliveryJobData, reason: DropReason): void {
    this.metrics.dropped(reason);
    logDroppedJob(this.log, job, reason);
  }

  /** A subscription healthy again after a change (a new URL, enabled again): its put-off jobs start now. */
  async releaseDeferred(subscriptionId: number): Promise<void> {
    await releaseDeferredJobs(this.database, subscriptionId);
    this.pump?.wake();
  }

  /** A statement on the queue's own connections, for the readiness probe; throws when they cannot be used. */
  async checkConnections(): Promise<null> {
    await this.database.query('select 1');
    return null;
  }

  findTarget(subscriptionId: number): Promise<DeliveryTarget | null> {
    return findTarget(this.database, subscriptionId);
  }
}
