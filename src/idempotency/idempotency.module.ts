import { MikroORM } from '@mikro-orm/postgresql';
import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';
import { IdempotencyStore } from './idempotency-store';
import { TransactionFence } from './transaction-fence';

/** Idempotent POSTs; the onSend half is registered by createApp (registerIdempotentReplies). */
@Module({
  providers: [IdempotencyStore, IdempotencyService, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
  exports: [IdempotencyService, IdempotencyStore],
})
export class IdempotencyModule implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly store: IdempotencyStore,
  ) {}

  onModuleInit(): void {
    // Every EntityManager fork, and every transaction, copies the subscribers of the root one.
    this.orm.em.getEventManager().registerSubscriber(new TransactionFence(this.store));
  }
}
