import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { HTTPS_REQUIRED, isPublicAddress, NON_PUBLIC_ADDRESS, NOT_A_URL, parseWebhookUrl } from '../url-guard';

export interface AttemptRequest {
  url: string;
  /** The `webhook-id` header: the event id, the same on every attempt. */
  messageId: string;
  /** The exact bytes of the envelope. */
  body: string;
  /** Every secret that signs now (two during a rotation). */
  secrets: string[];
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  allowHttp: boolean;
}

/** The receiver's answer, or why there was none. */
export type AttemptResult = { statusCode: number; error?: undefined; durationMs: number } | { statusCode?: undefined; error: string; durationMs: number };

class RefusedAddressError extends Error {}

/**
 * Resolves like the system does, then refuses a non-public address: the check happens on the address
 * the connection really goes to, so a name that resolves differently at delivery than when the
 * subscription was saved (DNS rebinding) is caught too.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new RefusedAddressError(NON_PUBLIC_ADDRESS), '', 0);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

/** The `webhook-signature` header: one `v1,…` per secret, space-separated (Standard Webhooks). */
function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
}

/** Reads at most this much of a receiver's answer; the body is never used. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** One POST of a signed delivery (Standard Webhooks headers); never throws. */
export function sendAttempt(attempt: AttemptRequest): Promise<AttemptResult> {
  const url = parseWebhookUrl(attempt.url);
  if (url === null) return Promise.resolve({ error: NOT_A_URL, durationMs: 0 });
  if (url.protocol !== 'https:' && !attempt.allowHttp) return Promise.resolve({ error: HTTPS_REQUIRED, durationMs: 0 });
  if (!attempt.allowPrivateNetworks && !isHostAllowed(url.hostname)) return Promise.resolve({ error: NON_PUBLIC_ADDRESS, durationMs: 0 });
  const now = new Date();
  const options: RequestOptions = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'shop-admin-api',
      'webhook-id': attempt.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signatureHeader(attempt.secrets, attempt.messageId, now, attempt.body),
      'content-length': String(Buffer.byteLength(attempt.body)),
    },
    lookup: attempt.allowPrivateNetworks ? undefined : publicOnlyLookup,
  };
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, options, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      response.on('close', () => finish({ statusCode: response.statusCode ?? 0, durationMs: elapsed() }));
      response.on('error', () => finish({ statusCode: response.statusCode ?? 0, durationMs: elapsed() }));
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ error: `No answer within ${attempt.timeoutMs} ms`, durationMs: elapsed() });
    }, attempt.timeoutMs);
    let settled = false;
    function finish(result: AttemptResult): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    }
    request.on('error', (error) => finish({ error: describe(error), durationMs: elapsed() }));
    request.end(attempt.body);
  });
}

/** A literal IP in the URL is never looked up, so it is judged here. */
function isHostAllowed(hostname: string): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 || isPublicAddress(bare);
}

function describe(error: Error): string {
  if (error instanceof RefusedAddressError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  return (code ? `${code}: ${error.message}` : error.message).slice(0, 255);
}
