import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { OrmPool } from '../database/orm-pool';
import { StatementNaming } from '../database/named-statements';
import { AppMetrics } from './app-metrics';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { ReplicaHealthIndicator } from './replica-health.indicator';
import { readPoolStats } from './pool-stats';
import { ReadinessChecks } from './readiness-checks';

/** Health probes and Prometheus metrics. The per-request hook is attached in createApp (observeRequests). */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController, MetricsController],
  providers: [
    ReplicaHealthIndicator,
    ReadinessChecks,
    {
      provide: AppMetrics,
      inject: [OrmPool, StatementNaming],
      useFactory: (pool: OrmPool, naming: StatementNaming) => new AppMetrics(() => readPoolStats(pool), () => naming.usesNamedStatements),
    },
  ],
  exports: [AppMetrics, ReadinessChecks],
})
export class OperabilityModule {}
