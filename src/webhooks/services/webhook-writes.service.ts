import { LockMode } from '@mikro-orm/core';
import { dropDeliveries } from '../delivery/drop-deliveries';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { inWriteTransaction } from '../../database/write-transaction';
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

function apply(subscription: WebhookSubscription, input: WebhookInput): void {
  if (input.url !== undefined) subscription.url = input.url;
  if (input.events !== undefined) subscription.events = input.events;
  if (input.description !== undefined) subscription.description = input.description;
  if (input.enabled !== undefined) subscription.enabled = input.enabled;
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
      const now = new Date(); // one instant for both, so a new subscription never shows two different times
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
      apply(subscription, readWebhookInput(form.data, mode));
      await tx.flush();
    });
  }

  async delete(id: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      // In this transaction, so a delete that rolls back keeps them.
      await dropDeliveries(tx, id);
      tx.remove(subscription);
      await tx.flush();
    });
  }

  /** A new secret; the one it replaces still signs for 24 hours. Returns the new secret. */
  async rotateSecret(id: number): Promise<string> {
    return inWriteTransaction(this.em, async (tx) => {
      const subscription = await lockSubscription(tx, id);
      const secret = rotateSigningSecret(subscription, new Date());
      await tx.flush();
      return secret;
    });
  }
}
