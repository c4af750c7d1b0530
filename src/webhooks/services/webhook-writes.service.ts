import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { databaseNow } from '../../database/database-clock';
import { inWriteTransaction } from '../../database/write-transaction';
import { DeliveryEngine } from '../delivery/delivery-engine';
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
  private readonly logger = new Logger('WebhookWrites');

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engine: DeliveryEngine,
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
    const recovered = await inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      throwIfInvalid(errors);
      const { url, enabled } = subscription;
      if (!apply(subscription, readWebhookInput(form.data, mode))) return false;
      subscription.updatedAt = await databaseNow(tx);
      // A new address, or enabled again: its circuit breaker starts afresh, and what it put off goes now.
      const reset = (subscription.url !== url || (subscription.enabled && !enabled)) && subscription.deliveryState !== 'healthy';
      if (reset) subscription.resetDeliveryHealth();
      await tx.flush();
      return reset;
    });
    // After the commit, in the engine's own statement: the jobs are pg-boss's, and one released late (or
    // not at all, by a crash in between) only comes back at the time it was put off to.
    if (recovered) await this.engine.releaseDeferred(id).catch((error: unknown) => this.afterCommitFailed(`releasing the put-off jobs of webhook ${id}`, error));
  }

  async delete(id: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      tx.remove(subscription);
      await tx.flush();
    });
    // Its waiting jobs go after the commit (see dropJobsOf). One being sent meanwhile cannot record its
    // attempt (the subscription is gone) and is completed unrecorded.
    await this.engine.dropJobsOf(id).catch((error: unknown) => this.afterCommitFailed(`dropping the waiting jobs of webhook ${id}`, error));
  }

  /** The write is committed and answered as done; what follows it only saves the queue some work. */
  private afterCommitFailed(what: string, error: unknown): void {
    this.logger.warn(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
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
