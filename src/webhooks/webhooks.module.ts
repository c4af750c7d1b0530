import { Module } from '@nestjs/common';
import { WebhookDeliveryModule } from './delivery/webhook-delivery.module';
import { WebhookQueriesService } from './services/webhook-queries.service';
import { WebhookWritesService } from './services/webhook-writes.service';
import { WebhooksController } from './webhooks.controller';

/** Webhook subscriptions; the delivery engine signs with `activeSigningSecrets` and checks URLs with url-guard.ts. */
@Module({
  imports: [WebhookDeliveryModule],
  controllers: [WebhooksController],
  providers: [WebhookQueriesService, WebhookWritesService],
})
export class WebhooksModule {}
