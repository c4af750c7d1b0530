import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isSavepoint } from '../../database/savepoints';
import { runPeriodically } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AppMetrics } from '../../operability/app-metrics';
import { OperabilityModule } from '../../operability/operability.module';
import { ReadinessChecks } from '../../operability/readiness-checks';
import { DeliveriesController } from './deliveries.controller';
import { DeliveriesService } from './deliveries.service';
import { DeliveryEngine } from './delivery-engine';
import { purgeExpiredDeliveries } from './delivery-retention';
import { deliverySettings, type DeliveryDatabase } from './delivery-settings';

/** Where the engine's own connections go: the ORM's database (AppModule.register provides it). */
export const DELIVERY_DATABASE = Symbol('DELIVERY_DATABASE');

/** Kicks the dispatcher after every commit; acts only after COMMIT, so it takes no lock of any write. */
class DispatchAfterCommit implements EventSubscriber {
  constructor(private readonly engine: DeliveryEngine) {}

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (transaction !== undefined && isSavepoint(transaction)) return;
    this.engine.kick();
  }
}

/** The API side of webhook delivery: the engine in this process, its routes, and the kick after each commit. */
@Module({
  imports: [OperabilityModule],
  controllers: [DeliveriesController],
  providers: [
    DeliveriesService,
    {
      provide: DeliveryEngine,
      inject: [APP_CONFIG, DELIVERY_DATABASE, AppMetrics],
      useFactory: (config: AppConfig, database: DeliveryDatabase, metrics: AppMetrics) => {
        const logger = new Logger('WebhookDelivery');
        return new DeliveryEngine(deliverySettings(config, database), metrics.registry, {
          warn: (message) => logger.warn(message),
          debug: (message) => logger.debug(message),
          error: (message, error) => {
            const withCause = `${message}: ${String(error)}`;
            logger.error(error === undefined ? message : withCause);
          },
        });
      },
    },
  ],
  exports: [DeliveryEngine],
})
export class WebhookDeliveryModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDeliveryRetention');
  private stopCleanup: () => void = () => undefined;

  constructor(
    private readonly engine: DeliveryEngine,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: ReadinessChecks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.engine.start();
    // Its pool is its own: the ORM's answering says nothing about it.
    this.readiness.add('webhookQueue', () => this.engine.checkConnections());
    // Events are written in the transaction of their change: after any commit there may be new ones.
    if (this.engine.dispatchesOnCommit) this.orm.em.getEventManager().registerSubscriber(new DispatchAfterCommit(this.engine));
    // Attempts are kept as long as the events they carried, on the events' cleanup interval.
    this.stopCleanup = runPeriodically(
      this.config.eventsCleanupIntervalMs,
      () => this.purge(),
      (error) => this.logger.error(`The delivery retention cleanup failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopCleanup();
    await this.engine.stop();
  }

  private async purge(): Promise<void> {
    const deleted = await purgeExpiredDeliveries(this.orm.em.fork(), this.config.eventsRetentionDays);
    if (deleted > 0) this.logger.log(`Deleted ${deleted} expired delivery attempts`);
  }
}
