import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { OrmPool } from '../database/orm-pool';
import { AppMetrics } from './app-metrics';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { readPoolStats } from './pool-stats';
import { ReadinessChecks } from './readiness-checks';

/** Health probes and Prometheus metrics. The per-request hook is attached in createApp (observeRequests). */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController, MetricsController],
  providers: [{ provide: AppMetrics, inject: [OrmPool], useFactory: (pool: OrmPool) => new AppMetrics(() => readPoolStats(pool)) }, ReadinessChecks],
  exports: [AppMetrics, ReadinessChecks],
})
export class OperabilityModule {}
