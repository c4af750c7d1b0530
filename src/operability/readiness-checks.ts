import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { withinMs } from '../common/time-limit';
import { latestOutage } from '../database/database-unavailable';
import { databaseUnavailableCause } from '../database/infrastructure-failure';

/** How long each readiness check waits for its database's answer. */
export const READINESS_TIMEOUT_MS = 1000;

/**
 * One statement on a set of connections, run by a readiness check: it throws when they cannot be used,
 * and answers what else keeps them from serving (a closed ORM, a read-only database), or null.
 */
export type ConnectionPing = () => Promise<string | null>;

class NoAnswer extends Error {}

/** The failure as the probe's body shows it: the cause an operator can act on (infrastructure-failure.ts). */
function describe(error: unknown): string {
  const cause = databaseUnavailableCause(error);
  if (cause !== null) return cause;
  return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

/** How far back a failure other requests met is still worth naming when a check gets no answer. */
const RECENT_FAILURE_MS = 60_000;

/** No answer in time, with the latest failure other requests met when there was one. */
function noAnswer(ms: number): NoAnswer {
  const recent = latestOutage(RECENT_FAILURE_MS);
  if (recent === null) return new NoAnswer(`no answer within ${ms} ms (a server or pooler that accepts connections but does not answer)`);
  return new NoAnswer(`no answer within ${ms} ms; the latest database failure, ${recent.secondsAgo} s ago: ${recent.cause}`);
}


/**
 * The checks of GET /health/ready, by name: the ORM's database (health.controller.ts) and the ones other
 * modules add for connections of their own (the webhook queue's pool). Each is `up`, or `down` with
 * the cause as its `message`.
 */
@Injectable()
export class ReadinessChecks {
  private readonly added: HealthIndicatorFunction[] = [];

  constructor(private readonly indicators: HealthIndicatorService) {}

  /** A check of its own connections, shown under `name`. */
  add(name: string, ping: ConnectionPing): void {
    this.added.push(() => this.check(name, ping));
  }

  /** Runs `ping` as the check `name`. */
  check(name: string, ping: ConnectionPing) {
    return this.indicators
      .check(name)
      .attempt(async () => {
        let reason: string | null;
        try {
          reason = await withinMs(ping(), READINESS_TIMEOUT_MS, () => noAnswer(READINESS_TIMEOUT_MS));
        } catch (error) {
          throw new Error(error instanceof NoAnswer ? error.message : describe(error), { cause: error });
        }
        if (reason !== null) throw new Error(reason);
      });
  }

  /** The checks other modules added. */
  others(): HealthIndicatorFunction[] {
    return [...this.added];
  }
}
