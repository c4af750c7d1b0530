import type { AppConfig } from '../../config/app-config';
import type { DeliveryEngineSettings } from './delivery-engine';

/** The database the engine connects to (the ORM's): a server, or the embedded one. */
export interface DeliveryDatabase {
  url: string;
  embedded: boolean;
}

/** The engine's settings from the app configuration (the API's and the worker's alike). */
export function deliverySettings(config: AppConfig, database: DeliveryDatabase): DeliveryEngineSettings {
  return {
    url: database.url,
    embedded: database.embedded,
    concurrency: config.webhookConcurrency,
    subscriptionConcurrency: config.webhookSubscriptionConcurrency,
    breaker: {
      failingAfter: config.webhookFailingAfter,
      pauseAfter: Math.max(config.webhookFailingAfter, config.webhookPauseAfter),
      firstPauseMs: config.webhookPauseMs.first,
      maxPauseMs: config.webhookPauseMs.max,
    },
    retryDelays: config.webhookRetryDelays,
    attemptTimeoutMs: config.webhookAttemptTimeoutMs,
    allowHttp: config.webhookAllowHttp,
    allowPrivateNetworks: config.webhookAllowPrivateNetworks,
  };
}
