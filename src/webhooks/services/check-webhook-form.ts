import type { FormErrors } from '../../common/forms/form-errors';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { WebhookForm } from '../forms/webhook.form';
import { checkWebhookUrl, type ResolveHost, type UrlGuardSettings } from '../url-guard';

/**
 * Adds what the form's own rules cannot tell to its violations: whether the deployment accepts the
 * URL (scheme, and the addresses its host resolves to). A host that does not resolve now is accepted:
 * every delivery resolves and judges it again. Runs outside any transaction (a look-up can be slow).
 */
export async function checkWebhookForm(form: SubmittedForm<WebhookForm>, settings: UrlGuardSettings, resolve?: ResolveHost): Promise<FormErrors> {
  const { data, errors } = form;
  if (typeof data.url === 'string' && !errors.has('url')) {
    const verdict = await checkWebhookUrl(data.url, settings, resolve);
    if (verdict.kind === 'refused') errors.add('url', verdict.message);
  }
  return errors;
}
