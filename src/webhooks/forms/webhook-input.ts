import type { WebhookForm } from './webhook.form';

/** POST creates, PUT replaces (absent fields take their defaults), PATCH merges (absent fields are kept). */
export type WebhookWriteMode = 'create' | 'replace' | 'merge';

/** The fields to write; an undefined one is left as it is. */
export interface WebhookInput {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

/** Reads a valid form into the changes it asks for. */
export function readWebhookInput(form: WebhookForm, mode: WebhookWriteMode): WebhookInput {
  const defaults = mode !== 'merge';
  return {
    url: form.url ?? undefined,
    events: form.events ?? undefined,
    description: form.description !== undefined ? form.description : defaults ? null : undefined,
    enabled: form.enabled ?? (defaults ? true : undefined),
  };
}
