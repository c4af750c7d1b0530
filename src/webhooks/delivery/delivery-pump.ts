import type { PgBoss } from 'pg-boss';
import { AttemptRecorder, type RecordedBatch, type SettledJob } from './attempt-recorder';
import { inFlightCap, type BreakerPolicy, type DeliveryHealth } from './delivery-health';
import type { DeliveryJobData } from './delivery-jobs';
import { findTargets, MessageSource, type DeliveryMessage, type DeliveryTarget } from './delivery-messages';
import type { DeliveryMetrics } from './delivery-metrics';
import { dropReason, logDroppedJob } from './dropped-jobs';
import { DELIVERY_QUEUE } from './queue-names';
import type { QueueDatabase } from './queue-database';
import { sendAttempt, type AttemptResult } from './send-attempt';
import { activeSigningSecrets } from '../signing-secrets';
import { HTTPS_REQUIRED, NON_PUBLIC_ADDRESS, NOT_A_URL } from '../url-guard';

export interface PumpSettings {
  /** Jobs this process has in hand at once: attempts under way, jobs waiting for a slot of their subscription, records being written. */
  concurrency: number;
  /** Attempts in flight at once for one healthy subscription, in this process. */
  subscriptionConcurrency: number;
  attemptTimeoutMs: number;
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
  breaker: BreakerPolicy;
}

export interface PumpLog {
  warn(message: string): void;
  debug(message: string): void;
  /** `error` is what failed, when something threw. */
  error(message: string, error?: unknown): void;
}

/** How long an idle pump waits before asking the queue again (new jobs in this process wake it at once). */
const IDLE_POLL_MS = 1000;
/** After a failed fetch. */
const ERROR_PAUSE_MS = 1000;
/** A put-off job comes back no sooner than this, and a subscription's put-off jobs spread over at most MAX_SPREAD_MS. */
const MIN_DEFER_MS = 20;
const MAX_SPREAD_MS = 30_000;
/**
 * How long a job may wait here for a free slot of its subscription's cap. Taken jobs expire in the queue
 * after the attempt timeout + 5 s; waiting, then the attempt, must end before that.
 */
const WAITING_BUDGET_MS = 3000;
/** A receiver at least this slow keeps no more jobs waiting here than its cap. */
const SLOW_PACE_MS = 250;
/** Jobs put off until the end of a pause come back within this much after it. */
const PAUSE_END_JITTER_MS = 1000;
/** What a subscription's attempts are assumed to take before one has been timed (a fast receiver: put-off jobs come back soon). */
const UNTIMED_ATTEMPT_MS = 50;
/** A refused URL is logged once in this time per subscription. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;
const URL_REFUSALS = new Set([NOT_A_URL, HTTPS_REQUIRED, NON_PUBLIC_ADDRESS]);

interface TakenJob {
  id: string;
  data: DeliveryJobData;
}

/** A job taken from the queue with what its attempt needs, and when it was taken. */
interface Taken {
  job: TakenJob;
  target: DeliveryTarget;
  message: DeliveryMessage;
  takenAt: number;
}

const isPaused = (health: DeliveryHealth, now: number): boolean => health.state === 'paused' && health.pausedUntil !== null && health.pausedUntil.getTime() > now;

/**
 * Keeps up to `concurrency` jobs taken at once, refilling free slots from pg-boss (`fetch` of as many
 * jobs as there are free slots). A subscription never has more than its cap of attempts at its receiver
 * (1 while failing or paused); a few more of its jobs wait here for a free slot (as many as its pace
 * clears in a few seconds), and the rest are put off in the queue to later times spread at that pace
 * (to the end of the pause while paused; the first one back is its probe). So a receiver that hangs or
 * is slow costs the others no more than the slots of its cap and one waiting job, while a fast one with
 * a long backlog (a replay) keeps its cap busy. pg-boss's own `work` waits for a whole batch before it
 * fetches again, which would let one hanging attempt idle its batch's slots.
 */
export class DeliveryPump {
  private readonly recorder: AttemptRecorder;
  private readonly messages: MessageSource;
  private inFlight = 0;
  /** Per subscription: attempts at its receiver now, and jobs waiting here for one of its slots. */
  private readonly perSubscription = new Map<number, number>();
  private readonly waiting = new Map<number, Taken[]>();
  /** Per subscription: the next time a put-off job may come back, and the average time of its attempts. */
  private readonly nextSlot = new Map<number, number>();
  private readonly pace = new Map<number, number>();
  private readonly refusalLogged = new Map<number, number>();
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** The attempts and put-offs under way (until recorded): stopping waits for them. */
  private readonly settling = new Set<Promise<void>>();

  constructor(
    private readonly database: QueueDatabase,
    private readonly boss: PgBoss,
    private readonly settings: PumpSettings,
    recorderSettings: { retryDelays: readonly number[] },
    private readonly metrics: DeliveryMetrics,
    private readonly log: PumpLog,
  ) {
    this.messages = new MessageSource(database);
    this.recorder = new AttemptRecorder(
      database,
      boss,
      { ...recorderSettings, attemptTimeoutMs: settings.attemptTimeoutMs, breaker: settings.breaker },
      (batch) => this.recorded(batch),
      (error) => log.error('recording webhook attempts failed', error),
    );
  }

  start(): void {
    this.running = this.run();
  }

  /** There may be new jobs, or a free slot. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Takes no new job; waits for the attempts under way and their records. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    // Waiting jobs are put off as their subscription's attempts end (startWaiting), which adds tasks.
    while (this.settling.size > 0) await Promise.all([...this.settling]);
    await this.recorder.drain();
  }

  get attemptsInFlight(): number {
    return this.inFlight;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const free = this.settings.concurrency - this.inFlight;
      // Refill in batches, not one fetch per freed slot; an idle pump takes whatever there is.
      if (free < Math.max(1, Math.floor(this.settings.concurrency / 4)) && this.inFlight > 0) {
        await this.sleep(IDLE_POLL_MS);
        continue;
      }
      let jobs: TakenJob[];
      try {
        jobs = await this.boss.fetch<DeliveryJobData>(DELIVERY_QUEUE, { batchSize: free });
      } catch (error) {
        this.log.error('fetching webhook jobs failed', error);
        await this.sleep(ERROR_PAUSE_MS);
        continue;
      }
      if (jobs.length === 0) await this.sleep(IDLE_POLL_MS);
      else await this.admit(jobs);
    }
  }

  /** Every job taken ends in the recorder: attempted, put off or dropped. */
  private async admit(jobs: TakenJob[]): Promise<void> {
    this.inFlight += jobs.length;
    let targets: Map<number, DeliveryTarget>;
    let messages: Map<string, DeliveryMessage>;
    try {
      targets = await findTargets(this.database, jobs.map((job) => job.data.subscriptionId));
      messages = await this.messages.messagesFor(jobs, targets);
    } catch (error) {
      // The jobs stay active until they expire, then pg-boss hands them out again.
      this.inFlight -= jobs.length;
      this.log.error('reading webhook jobs failed', error);
      return;
    }
    const now = Date.now();
    for (const job of jobs) {
      const target = targets.get(job.data.subscriptionId);
      const message = messages.get(job.id);
      const reason = dropReason(target, message);
      // No reason: the subscription and the body are both there.
      if (reason === null) this.place({ job, target: target!, message: message!, takenAt: now }, now);
      else this.track(this.finish({ kind: 'dropped', jobId: job.id, job: job.data, reason }));
    }
  }

  /** Starts the job, lines it up behind its subscription's attempts, or puts it off. */
  private place(taken: Taken, now: number): void {
    const { target } = taken;
    const paused = isPaused(target.health, now);
    if (!paused && (this.perSubscription.get(target.id) ?? 0) < inFlightCap(target.health, this.settings.subscriptionConcurrency)) {
      this.track(this.attempt(taken));
      return;
    }
    const line = this.waiting.get(target.id) ?? [];
    if (!paused && line.length < this.waitingLimit(target)) {
      line.push(taken);
      this.waiting.set(target.id, line);
      return;
    }
    this.putOff(taken, now);
  }

  private putOff({ job, target }: Taken, now: number): void {
    this.metrics.deferred();
    this.track(this.finish({ kind: 'deferred', jobId: job.id, job: job.data, until: new Date(this.deferral(target, now)) }));
  }

  /**
   * How many of a subscription's jobs may wait here for a free slot of its cap: as many as its
   * receiver's pace clears within WAITING_BUDGET_MS (its cap until it has been timed), at most half the
   * slots, and no more than its cap for a receiver slower than SLOW_PACE_MS. A job that would wait
   * longer is put off in the queue instead.
   */
  private waitingLimit(target: DeliveryTarget): number {
    const pace = this.pace.get(target.id);
    const cap = inFlightCap(target.health, this.settings.subscriptionConcurrency);
    if (pace === undefined) return cap;
    const most = pace >= SLOW_PACE_MS ? cap : Math.floor(this.settings.concurrency / 2);
    return Math.max(1, Math.min(most, Math.floor((cap * WAITING_BUDGET_MS) / Math.max(1, pace))));
  }

  /** A slot of the subscription's cap is free: the next job waiting for it starts, unless it has waited too long. */
  private startWaiting(subscriptionId: number): void {
    const line = this.waiting.get(subscriptionId);
    const now = Date.now();
    for (let next = line?.shift(); next !== undefined; next = line?.shift()) {
      if (!this.stopped && now - next.takenAt <= WAITING_BUDGET_MS && !isPaused(next.target.health, now)) {
        this.track(this.attempt(next));
        break;
      }
      this.putOff(next, now);
    }
    if (line?.length === 0) this.waiting.delete(subscriptionId);
  }

  /**
   * When a put-off job of this subscription comes back. While paused: the end of the pause (all at
   * once; the first one back is the probe). Otherwise spaced at the pace its attempts take (per slot
   * of its cap), none further than MAX_SPREAD_MS, so a long backlog comes back in waves rather than
   * stretching out of sight, and what the estimate gets wrong costs seconds.
   */
  private deferral(target: DeliveryTarget, now: number): number {
    const { health, id } = target;
    if (isPaused(health, now)) return health.pausedUntil!.getTime() + Math.random() * PAUSE_END_JITTER_MS;
    const perSlot = this.attemptPace(id) / inFlightCap(health, this.settings.subscriptionConcurrency);
    // No sooner than the attempts and the waiting line it has here are likely through.
    const ahead = (this.perSubscription.get(id) ?? 0) + (this.waiting.get(id)?.length ?? 0);
    const earliest = now + Math.min(MAX_SPREAD_MS, Math.max(MIN_DEFER_MS, ahead * perSlot));
    const latest = earliest + MAX_SPREAD_MS;
    const slot = Math.min(latest, Math.max(earliest, this.nextSlot.get(id) ?? 0));
    this.nextSlot.set(id, Math.min(latest, slot + perSlot));
    return slot;
  }

  private attemptPace(subscriptionId: number): number {
    return this.pace.get(subscriptionId) ?? UNTIMED_ATTEMPT_MS;
  }

  private async attempt({ job, target, message }: Taken): Promise<void> {
    const subscriptionId = target.id;
    this.perSubscription.set(subscriptionId, (this.perSubscription.get(subscriptionId) ?? 0) + 1);
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
    this.timeAttempt(subscriptionId, result);
    this.logRefusal(target, result);
    // The receiver is done with it: the subscription's slot is free while the attempt is recorded.
    const left = (this.perSubscription.get(subscriptionId) ?? 1) - 1;
    if (left === 0) this.perSubscription.delete(subscriptionId);
    else this.perSubscription.set(subscriptionId, left);
    this.startWaiting(subscriptionId);
    await this.finish({ kind: 'attempted', attempt: { jobId: job.id, job: job.data, eventId: message.id, eventType: message.type, attemptedAt, result } });
  }

  private track(task: Promise<void>): void {
    this.settling.add(task);
    void task.finally(() => this.settling.delete(task));
  }

  private async finish(settled: SettledJob): Promise<void> {
    await this.recorder.settle(settled);
    this.inFlight -= 1;
    this.wake();
  }

  /** A moving average of the subscription's attempt times: how fast its put-off jobs come back. */
  private timeAttempt(subscriptionId: number, result: AttemptResult): void {
    const previous = this.pace.get(subscriptionId);
    this.pace.set(subscriptionId, previous === undefined ? result.durationMs : previous * 0.8 + result.durationMs * 0.2);
  }

  /** Counted once committed: a batch that failed is taken again when its jobs expire. */
  private recorded(batch: RecordedBatch): void {
    for (const { outcome, seconds } of batch.outcomes) this.metrics.observe(outcome, seconds);
    for (const { job, reason } of batch.dropped) {
      this.metrics.dropped(reason);
      logDroppedJob(this.log, job, reason);
    }
  }

  /**
   * A URL this process refuses to send to (plain http, a non-public address) is the deployment's
   * setting, not the receiver's failure: say so in the log, at most once a minute per subscription.
   * Only the origin is logged: a URL's path and query may hold the receiver's own token.
   */
  private logRefusal(target: DeliveryTarget, result: AttemptResult): void {
    if (result.error === undefined || !URL_REFUSALS.has(result.error)) return;
    const now = Date.now();
    if (now - (this.refusalLogged.get(target.id) ?? 0) < REFUSAL_LOG_INTERVAL_MS) return;
    this.refusalLogged.set(target.id, now);
    this.log.warn(
      `webhook ${target.id}: this process refuses to deliver to ${originOf(target.url)}: ${result.error} ` +
        '(WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_NETWORKS must be the same on every process that delivers as on the API)',
    );
  }

  /** The run loop's wait: `ms`, or until woken. */
  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an unreadable URL';
  }
}
