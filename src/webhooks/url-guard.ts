import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { withinMs } from '../common/time-limit';

/** What the deployment allows webhook URLs to be (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
export interface UrlGuardSettings {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const NOT_A_URL = 'This value is not a valid URL.';
export const HTTPS_REQUIRED = 'The URL must use https.';
export const CREDENTIALS_IN_URL = 'The URL must not contain a user name or password.';
export const NON_PUBLIC_ADDRESS = 'The URL must not point to a loopback, private, link-local or otherwise non-public address.';
export const HOST_UNRESOLVED = 'The host of the URL cannot be resolved.';

/** How long a look-up may take before the host counts as unresolved. */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * A URL judged for delivery: the addresses it resolved to (connect to one of these, never resolve the
 * name again: a second answer may differ), refused with the reason, or a host that did not resolve now.
 */
export type UrlVerdict =
  | { kind: 'deliverable'; url: URL; addresses: string[] }
  | { kind: 'refused'; message: string }
  | { kind: 'unresolved'; message: string };

/** The URL as the form reads it: absolute, `http(s)`, with a host; null otherwise. */
export function parseWebhookUrl(raw: string): URL | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return null;
  return url;
}

/** What can be said of a URL without resolving its host: its syntax, its scheme and credentials. */
function staticUrlViolation(raw: string, settings: UrlGuardSettings): string | null {
  const url = parseWebhookUrl(raw);
  if (url === null) return NOT_A_URL;
  if (url.protocol !== 'https:' && !settings.allowHttp) return HTTPS_REQUIRED;
  // Fetch refuses such URLs, and the URL (shown to every admin) is no place for a password.
  if (url.username !== '' || url.password !== '') return CREDENTIALS_IN_URL;
  return null;
}

/** `public`, or the name of the special range (ipaddr.js's names) the address lies in. */
export function addressRange(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d, or NAT64's 64:ff9b::a.b.c.d) reaches that IPv4 address.
    if (range === 'ipv4Mapped' || (range === 'rfc6052' && v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96))) {
      parsed = ipaddr.fromByteArray(v6.toByteArray().slice(12));
    } else if (range === 'unicast' && v6.parts.slice(0, 6).every((part) => part === 0)) {
      return 'ipv4Compatible'; // ::a.b.c.d, deprecated and never public
    } else {
      return range === 'unicast' ? 'public' : range;
    }
  }
  const range = parsed.range();
  return range === 'unicast' ? 'public' : range;
}

export const isPublicAddress = (address: string): boolean => addressRange(address) === 'public';

/** The host of a URL without IPv6 brackets and without a trailing dot. */
function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** `localhost` and names under it are loopback by definition (RFC 6761), whatever a resolver says. */
const isLocalhostName = (host: string): boolean => {
  const name = host.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
};

/** node's resolver (getaddrinfo: /etc/hosts, then DNS), every address. */
export const resolveHost: ResolveHost = async (hostname) => {
  const found = await withinMs(lookup(hostname, { all: true, verbatim: true }), LOOKUP_TIMEOUT_MS, () => new Error(`Looking up ${hostname} took longer than ${LOOKUP_TIMEOUT_MS} ms`));
  return found.map((entry) => entry.address);
};

/**
 * Judges a webhook URL: its form (see staticUrlViolation), then every address its host resolves to,
 * each of which must be public unless private networks are allowed. An IP literal is judged as it is.
 */
export async function checkWebhookUrl(raw: string, settings: UrlGuardSettings, resolve: ResolveHost = resolveHost): Promise<UrlVerdict> {
  const violation = staticUrlViolation(raw, settings);
  if (violation !== null) return { kind: 'refused', message: violation };
  const url = new URL(raw);
  const host = bareHost(url);
  let addresses: string[] = [];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      // Judged below when it is a localhost name; any other name that does not resolve is unresolved.
    }
    if (addresses.length === 0 && !isLocalhostName(host)) return { kind: 'unresolved', message: HOST_UNRESOLVED };
  }
  const isPublic = !isLocalhostName(host) && addresses.every(isPublicAddress);
  if (!settings.allowPrivateNetworks && !isPublic) return { kind: 'refused', message: NON_PUBLIC_ADDRESS };
  if (addresses.length === 0) return { kind: 'unresolved', message: HOST_UNRESOLVED };
  return { kind: 'deliverable', url, addresses };
}

export class UndeliverableUrlError extends Error {}

/**
 * For a delivery: the addresses to connect to, after resolution; throws UndeliverableUrlError when the
 * URL is refused or its host does not resolve.
 */
export async function assertDeliverableUrl(raw: string, settings: UrlGuardSettings, resolve: ResolveHost = resolveHost): Promise<string[]> {
  const verdict = await checkWebhookUrl(raw, settings, resolve);
  if (verdict.kind !== 'deliverable') throw new UndeliverableUrlError(verdict.message);
  return verdict.addresses;
}

/** The guard's settings from the app configuration. */
export const urlGuardSettings = (config: { webhookAllowHttp: boolean; webhookAllowPrivateNetworks: boolean }): UrlGuardSettings => ({
  allowHttp: config.webhookAllowHttp,
  allowPrivateNetworks: config.webhookAllowPrivateNetworks,
});
