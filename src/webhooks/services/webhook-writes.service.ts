import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { databaseNow } from '../../database/database-clock';
import { inWriteTransaction } from '../../database/write-transaction';
import { dropWaitingJobs, releaseDeferredJobsOf } from '../delivery/queue-tables';
import { WebhookSubscription } from '../entities/webhook-subscription.entity';
import { readWebhookInput, type WebhookInput } from '../forms/webhook-input';
import type { WebhookForm } from '../forms/webhook.form';
import { newSigningSecret, rotateSigningSecret } from '../signing-secrets';
import { urlGuardSettings } from '../url-guard';
import { checkWebhookForm } from './check-webhook-form';

/** The subscription, locked for the rest of `tx` (see lock-order.ts); a 404 when there is none. */
async function lockSubscription(tx: EntityManager, id: number): Promise<WebhookSubscription> {
  const subscription = await tx.findOne(WebhookSubscription, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (subscription === null) throw resourceNotFound('webhook');
  return subscription;
}

/** Sets what the input gives; answers whether anything changed. */
function apply(subscription: WebhookSubscription, input: WebhookInput): boolean {
  const before = JSON.stringify([subscription.url, subscription.events, subscription.description, subscription.enabled]);
  if (input.url !== undefined) subscription.url = input.url;
  if (input.events !== undefined) subscription.events = input.events;
  if (input.description !== undefined) subscription.description = input.description;
  if (input.enabled !== undefined) subscription.enabled = input.enabled;
  return JSON.stringify([subscription.url, subscription.events, subscription.description, subscription.enabled]) !== before;
}

@Injectable()
export class WebhookWritesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Creates the subscription with a new secret; the answer is the only place the secret is shown. */
  async create(form: SubmittedForm<WebhookForm>): Promise<WebhookSubscription> {
    throwIfInvalid(await checkWebhookForm(form, urlGuardSettings(this.config)));
    const input = readWebhookInput(form.data, 'create');
    return inWriteTransaction(this.em, async (tx) => {
      const now = await databaseNow(tx);
      const subscription = tx.create(WebhookSubscription, { url: input.url!, events: input.events!, secret: newSigningSecret(), createdAt: now, updatedAt: now });
      apply(subscription, input);
      await tx.flush();
      return subscription;
    });
  }

  /** PUT (`replace`) or PATCH (`merge`). An unknown id is a 404 before the form's violations are answered. */
  async update(id: number, form: SubmittedForm<WebhookForm>, mode: 'replace' | 'merge'): Promise<void> {
    const errors = await checkWebhookForm(form, urlGuardSettings(this.config));
    await inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      throwIfInvalid(errors);
      const { url, enabled } = subscription;
      if (!apply(subscription, readWebhookInput(form.data, mode))) return;
      subscription.updatedAt = await databaseNow(tx);
      // A new address, or enabled again: its circuit breaker starts afresh, and what it put off goes now.
      if ((subscription.url !== url || (subscription.enabled && !enabled)) && subscription.deliveryState !== 'healthy') {
        subscription.resetDeliveryHealth();
        await releaseDeferredJobsOf(tx, id);
      }
      await tx.flush();
    });
  }

  async delete(id: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      // In this transaction, so a delete that rolls back keeps them. One being sent meanwhile cannot record
      // its attempt (the subscription is gone) and is completed unrecorded.
      await dropWaitingJobs(tx, id);
      tx.remove(subscription);
      await tx.flush();
    });
  }

  /** A new secret; the one it replaces still signs for 24 hours. Returns the new secret. */
  async rotateSecret(id: number): Promise<string> {
    return inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      const now = await databaseNow(tx);
      const secret = rotateSigningSecret(subscription, now);
      subscription.updatedAt = now;
      await tx.flush();
      return secret;
    });
  }
}
