import {
  addressRange,
  assertDeliverableUrl,
  checkWebhookUrl,
  CREDENTIALS_IN_URL,
  HOST_UNRESOLVED,
  HTTPS_REQUIRED,
  isPublicAddress,
  NON_PUBLIC_ADDRESS,
  NOT_A_URL,
  resolveHost,
  UndeliverableUrlError,
  type ResolveHost,
} from '../../../src/webhooks/url-guard';

const STRICT = { allowHttp: false, allowPrivateNetworks: false };
const OPEN = { allowHttp: true, allowPrivateNetworks: true };

/** A resolver with fixed answers; any other name does not exist. */
const resolverOf = (answers: Record<string, string[]>): ResolveHost & { asked: string[] } => {
  const asked: string[] = [];
  const resolve = (host: string) => {
    asked.push(host);
    const found = answers[host];
    return found ? Promise.resolve(found) : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
  };
  return Object.assign(resolve, { asked });
};

describe('webhook URL guard', () => {
  describe('address classification', () => {
    it.each([
      ['8.8.8.8', 'public'],
      ['93.184.215.14', 'public'],
      ['2606:4700:4700::1111', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.2.10', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['240.0.0.1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:8.8.8.8', 'public'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['64:ff9b::808:808', 'public'],
      ['::7f00:1', 'ipv4Compatible'],
      ['2002:7f00:1::1', '6to4'],
      ['2001::1', 'teredo'],
    ])('%s is %s', (address, range) => {
      expect(addressRange(address)).toBe(range);
      expect(isPublicAddress(address)).toBe(range === 'public');
    });
  });

  describe('the URL itself', () => {
    it.each([
      ['hooks.example.com/x', NOT_A_URL],
      ['/relative/path', NOT_A_URL],
      ['https://', NOT_A_URL],
      ['ftp://hooks.example.com/', NOT_A_URL],
      ['javascript:alert(1)', NOT_A_URL],
      ['file:///etc/passwd', NOT_A_URL],
      ['http://hooks.example.com/', HTTPS_REQUIRED],
      ['https://user:secret@hooks.example.com/', CREDENTIALS_IN_URL],
      ['https://user@hooks.example.com/', CREDENTIALS_IN_URL],
    ])('%s is refused: %s', async (url, message) => {
      expect(await checkWebhookUrl(url, STRICT, resolverOf({ 'hooks.example.com': ['93.184.215.14'] }))).toEqual({ kind: 'refused', message });
    });

    it('takes http when allowed', async () => {
      const verdict = await checkWebhookUrl('http://hooks.example.com/x', { allowHttp: true, allowPrivateNetworks: false }, resolverOf({ 'hooks.example.com': ['93.184.215.14'] }));
      expect(verdict).toEqual({ kind: 'deliverable', url: new URL('http://hooks.example.com/x'), addresses: ['93.184.215.14'] });
    });
  });

  describe('the addresses of its host', () => {
    it('accepts a host whose every address is public and hands those addresses over', async () => {
      const resolve = resolverOf({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });
      expect(await checkWebhookUrl('https://hooks.example.com:8443/in?x=1', STRICT, resolve)).toEqual({
        kind: 'deliverable',
        url: new URL('https://hooks.example.com:8443/in?x=1'),
        addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      });
      expect(resolve.asked).toEqual(['hooks.example.com']);
    });

    it('refuses a host with any non-public address, unless private networks are allowed', async () => {
      const resolve = resolverOf({ 'mixed.example.com': ['93.184.215.14', '10.0.0.5'], 'internal.example.com': ['fd00::5'] });
      for (const url of ['https://mixed.example.com/', 'https://internal.example.com/']) {
        expect(await checkWebhookUrl(url, STRICT, resolve)).toEqual({ kind: 'refused', message: NON_PUBLIC_ADDRESS });
        expect((await checkWebhookUrl(url, OPEN, resolve)).kind).toBe('deliverable');
      }
    });

    it.each([
      'https://127.0.0.1/',
      'https://127.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
      'https://100.100.100.200/',
    ])('judges the IP literal of %s without resolving it', async (url) => {
      const resolve = resolverOf({});
      expect(await checkWebhookUrl(url, STRICT, resolve)).toEqual({ kind: 'refused', message: NON_PUBLIC_ADDRESS });
      expect((await checkWebhookUrl(url, OPEN, resolve)).kind).toBe('deliverable');
      expect(resolve.asked).toEqual([]);
    });

    it('takes localhost names as loopback whatever the resolver answers', async () => {
      const resolve = resolverOf({ 'evil.localhost': ['93.184.215.14'] });
      for (const url of ['https://localhost/', 'https://LOCALHOST./', 'https://api.localhost/', 'https://evil.localhost/']) {
        expect(await checkWebhookUrl(url, STRICT, resolve)).toEqual({ kind: 'refused', message: NON_PUBLIC_ADDRESS });
      }
    });

    it('says when a host does not resolve (the form accepts it; a delivery does not)', async () => {
      const resolve = resolverOf({ 'empty.example.com': [] });
      expect(await checkWebhookUrl('https://nowhere.example.com/', STRICT, resolve)).toEqual({ kind: 'unresolved', message: HOST_UNRESOLVED });
      expect(await checkWebhookUrl('https://empty.example.com/', STRICT, resolve)).toEqual({ kind: 'unresolved', message: HOST_UNRESOLVED });
      await expect(assertDeliverableUrl('https://nowhere.example.com/', STRICT, resolve)).rejects.toThrow(new UndeliverableUrlError(HOST_UNRESOLVED));
    });

    it('gives a delivery the addresses to connect to, or refuses it', async () => {
      const resolve = resolverOf({ 'hooks.example.com': ['93.184.215.14'], 'rebound.example.com': ['127.0.0.1'] });
      expect(await assertDeliverableUrl('https://hooks.example.com/', STRICT, resolve)).toEqual(['93.184.215.14']);
      await expect(assertDeliverableUrl('https://rebound.example.com/', STRICT, resolve)).rejects.toThrow(new UndeliverableUrlError(NON_PUBLIC_ADDRESS));
      await expect(assertDeliverableUrl('http://hooks.example.com/', STRICT, resolve)).rejects.toThrow(new UndeliverableUrlError(HTTPS_REQUIRED));
    });
  });

  it('resolves through the system resolver', async () => {
    const addresses = await resolveHost('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((address) => addressRange(address) === 'loopback')).toBe(true);
    await expect(resolveHost('no-such-host.invalid')).rejects.toThrow();
  });
});
