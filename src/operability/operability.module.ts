import { MikroORM } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { AppMetrics } from './app-metrics';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { readPoolStats } from './pool-stats';

/** Health probes and Prometheus metrics. The per-request hook is attached in createApp (observeRequests). */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController, MetricsController],
  providers: [{ provide: AppMetrics, inject: [MikroORM], useFactory: (orm: MikroORM) => new AppMetrics(() => readPoolStats(orm)) }],
  exports: [AppMetrics],
})
export class OperabilityModule {}
