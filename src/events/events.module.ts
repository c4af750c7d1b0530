import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { runPeriodically } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EventOutbox, registerEventOutbox } from './event-outbox';
import { purgeExpiredEvents } from './event-retention';
import { EventsService } from './events.service';
import { EventsController } from './http/events.controller';

/** The event feed and the outbox every write records its events in (src/events/event-outbox.ts): the modules that write import this one for it. */
@Module({
  controllers: [EventsController],
  providers: [EventsService, { provide: EventOutbox, useFactory: () => new EventOutbox() }],
  exports: [EventOutbox],
})
export class EventsModule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventRetention');
  private stopCleanup: () => void = () => undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: EventOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** After every module's init, so the outbox comes after the idempotency fence (the counter lock is the last one). */
  async onApplicationBootstrap(): Promise<void> {
    await registerEventOutbox(this.orm, this.outbox);
    this.stopCleanup = runPeriodically(
      this.config.eventsCleanupIntervalMs,
      () => this.purge(),
      (error) => this.logger.error(`The event retention cleanup failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  onModuleDestroy(): void {
    this.stopCleanup();
  }

  private async purge(): Promise<void> {
    const purgedThrough = await purgeExpiredEvents(this.orm.em.fork(), this.config.eventsRetentionDays);
    if (purgedThrough !== null) this.logger.log(`Deleted expired events through sequence ${purgedThrough}`);
  }
}
