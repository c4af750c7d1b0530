import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Registry } from 'prom-client';
import { formatDateTime } from '../../common/datetime';
import { finishAttempt, type RetryPolicy } from './delivery-attempts';
import { deliveryJob, jobExpirySeconds, type DeliveryJobData } from './delivery-jobs';
import { findMessage, findTarget, pingEnvelope, type DeliveryTarget } from './delivery-messages';
import { DeliveryMetrics } from './delivery-metrics';
import { dispatchNewEvents } from './dispatcher';
import type { EventEnvelope } from '../../events';
import { DELIVERY_QUEUE, DISPATCH_QUEUE, QUEUE_SCHEMA } from './queue-names';
import { QueueDatabase } from './queue-database';
import { replayEvents } from './replay';
import { sendAttempt } from './send-attempt';
import { activeSigningSecrets } from '../signing-secrets';

export interface DeliveryEngineSettings {
  url: string;
  embedded: boolean;
  /** Deliveries run at once in this process; 0 delivers nothing here. */
  workers: number;
  retryDelays: readonly number[];
  attemptTimeoutMs: number;
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

/** How often an idle worker asks for jobs (a kick in this process wakes it at once). */
const POLLING_INTERVAL_SECONDS = 1;
const DISPATCH_POLLING_INTERVAL_SECONDS = 5;
/** The periodic dispatch: catches events whose writer died between commit and kick. */
const DISPATCH_CRON = '* * * * *';

/**
 * The webhook delivery engine of one process, on pg-boss. Every process that writes events kicks the
 * dispatcher after its commits (dispatcher.ts); processes with workers take delivery jobs, sign and
 * send them (send-attempt.ts) and record the attempt (delivery-attempts.ts). The periodic schedule
 * and the expiry of jobs whose process died keep every committed event going out after any crash.
 */
export class DeliveryEngine {
  private readonly database: QueueDatabase;
  private readonly boss: PgBoss;
  private readonly metrics: DeliveryMetrics;
  private readonly policy: RetryPolicy;
  private workerIds: string[] = [];
  private dispatching: Promise<void> | null = null;
  private dispatchAgain = false;
  private stopped = false;

  constructor(
    private readonly settings: DeliveryEngineSettings,
    registry: Registry,
    private readonly logError: (message: string, error: unknown) => void,
  ) {
    this.database = new QueueDatabase(settings.url, settings.embedded);
    const expiry = jobExpirySeconds(settings.attemptTimeoutMs);
    const delivers = settings.workers > 0;
    this.boss = new PgBoss({
      db: this.database,
      schema: QUEUE_SCHEMA,
      // The schema is a migration's (see Migration20261127040000); pg-boss only checks its version.
      migrate: false,
      // Expiring the jobs of dead processes, archiving and the cron clock run where deliveries run.
      supervise: delivers,
      schedule: delivers,
      maintenanceIntervalSeconds: Math.max(1, Math.floor(expiry / 2)),
      cronWorkerIntervalSeconds: 5,
    });
    this.boss.on('error', (error) => this.logError('webhook queue error', error));
    this.metrics = new DeliveryMetrics(registry, this.database);
    this.policy = { delays: settings.retryDelays, attemptTimeoutMs: settings.attemptTimeoutMs };
  }

  /** Whether commits in this process should kick the dispatcher: someone delivers what it dispatches. */
  get dispatchesOnCommit(): boolean {
    return this.settings.workers > 0 || !this.settings.embedded;
  }

  async start(): Promise<void> {
    await this.boss.start();
    if (this.settings.workers === 0) return;
    await this.boss.schedule(DISPATCH_QUEUE, DISPATCH_CRON, {}, { singletonKey: 'cron' });
    // Only the schedule sends these, once a minute: no need to ask for them every second.
    await this.boss.work(DISPATCH_QUEUE, { pollingIntervalSeconds: DISPATCH_POLLING_INTERVAL_SECONDS }, () => this.dispatchNow());
    for (let index = 0; index < this.settings.workers; index++) {
      // The worker's id is known once work() answers, which may be after its first job started.
      const worker = { id: '' };
      worker.id = await this.boss.work<DeliveryJobData>(DELIVERY_QUEUE, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 }, async ([job]) => {
        await this.deliver(job);
        // Straight on to the next job instead of waiting out the polling interval.
        if (worker.id !== '') this.boss.notifyWorker(worker.id);
      });
      this.workerIds.push(worker.id);
    }
    // Whatever a crashed process committed but never dispatched.
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.dispatching;
    await this.boss.stop({ graceful: true, timeout: this.settings.attemptTimeoutMs + 1000, close: false, wait: true });
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
      .catch((error: unknown) => this.logError('webhook dispatch failed', error))
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
    if (created > 0) for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  /** Queues every matching event after `after` for the subscription again; answers how many. */
  async replay(target: DeliveryTarget, after: number): Promise<number> {
    const queued = await replayEvents(this.database, this.boss, target, after, this.settings.attemptTimeoutMs);
    for (const id of this.workerIds) this.boss.notifyWorker(id);
    return queued;
  }

  /** Queues a `webhook.ping` to this subscription only; answers the envelope it will carry. */
  async ping(target: DeliveryTarget): Promise<EventEnvelope> {
    const ping = { id: `evt_ping_${randomBytes(12).toString('hex')}`, timestamp: formatDateTime(new Date()) };
    await this.boss.insert([deliveryJob({ subscriptionId: target.id, sequence: null, ping, attempt: 1 }, this.settings.attemptTimeoutMs)]);
    for (const id of this.workerIds) this.boss.notifyWorker(id);
    return pingEnvelope(target, ping);
  }

  findTarget(subscriptionId: number): Promise<DeliveryTarget | null> {
    return findTarget(this.database, subscriptionId);
  }

  /** One attempt of one job. A job whose subscription is gone or disabled, or whose event is no longer kept, is dropped. */
  private async deliver(job: PgBoss.Job<DeliveryJobData>): Promise<void> {
    const target = await findTarget(this.database, job.data.subscriptionId);
    const message = target?.enabled ? await findMessage(this.database, target, job.data) : null;
    if (!target || !message) {
      await this.boss.complete(DELIVERY_QUEUE, job.id);
      return;
    }
    const attemptedAt = new Date();
    const result = await sendAttempt({
      url: target.url,
      messageId: message.id,
      body: message.body,
      secrets: activeSigningSecrets(target, attemptedAt),
      timeoutMs: this.settings.attemptTimeoutMs,
      allowHttp: this.settings.allowHttp,
      allowPrivateNetworks: this.settings.allowPrivateNetworks,
    });
    const outcome = await finishAttempt(this.database, this.boss, this.policy, { jobId: job.id, job: job.data, eventId: message.id, eventType: message.type, attemptedAt, result });
    this.metrics.observe(outcome, result.durationMs / 1000);
  }
}
