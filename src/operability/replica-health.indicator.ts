import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { ReadReplicas } from '../database/replicas/read-replicas';

/**
 * The readiness check's entry for each read replica (`replica-1`, … in the order of
 * DATABASE_REPLICA_URLS; none without replicas): `up` with its lag, else `degraded` — the API still
 * answers, from the primary, so a replica never makes the service unready. No address or error text:
 * the probe is public (the log has the reason).
 */
@Injectable()
export class ReplicaHealthIndicator {
  constructor(
    private readonly replicas: ReadReplicas,
    private readonly indicators: HealthIndicatorService,
  ) {}

  check(): HealthIndicatorResult {
    const now = Date.now();
    const maxLagMs = this.replicas.states.maxLagMs;
    const result: HealthIndicatorResult = {};
    this.replicas.urls.forEach((_, index) => {
      const replica = this.indicators.check(`replica-${index + 1}`);
      const view = this.replicas.states.view(index, now);
      switch (view.state) {
        case 'up':
          return Object.assign(result, replica.up({ state: 'up', lagMs: view.lagMs }));
        case 'lagging':
          return Object.assign(result, replica.degraded({ state: 'lagging', lagMs: view.lagMs, message: `More than ${maxLagMs} ms behind the primary: lists are read from the primary` }));
        case 'down':
          return Object.assign(result, replica.degraded({ state: 'down', message: 'Unreachable or not a standby of the primary: lists are read from the primary' }));
        case 'unknown':
          return Object.assign(result, replica.degraded({ state: 'unknown', message: 'Lag not measured yet: lists are read from the primary' }));
      }
    });
    return result;
  }
}
