import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { seedAuth, TOKEN } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const AUTH = { authorization: `Bearer ${TOKEN}` };

describe('routing and error bodies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  it.each([{}, AUTH])('answers 404 with the route in the message for an unknown path (headers %#)', async (headers) => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/nope?x=1', headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"code":404,"message":"No route found for \\"GET /api/v1/nope\\""}');
  });

  it('answers 405 with Allow for a known path and a wrong method, with or without a token', async () => {
    for (const headers of [{}, AUTH]) {
      const response = await t.inject({ method: 'POST', url: '/api/v1/channels/WEB', headers });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, PUT, PATCH, DELETE');
      expect(json(response)).toEqual({ code: 405, message: 'No route found for "POST /api/v1/channels/WEB": Method Not Allowed (Allow: GET, PUT, PATCH, DELETE)' });
    }
    const token = await t.inject({ method: 'PUT', url: '/api/oauth/v2/token' });
    expect(token.statusCode).toBe(405);
    expect(token.headers.allow).toBe('POST, GET');
  });

  it('tolerates a trailing slash', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/channels/NOPE/', headers: AUTH });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ code: 404, message: 'The "channel" has not been found' });
  });

  it.each([
    ['malformed JSON', '{"grant_type":', 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
    ['a JSON string', '"abc"', 'application/json'],
    ['JSON null', 'null', 'application/json'],
  ])('answers 400 for %s', async (_case, payload, contentType) => {
    const response = await t.inject({ method: 'POST', url: '/api/oauth/v2/token', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ code: 400, message: 'Invalid json message received' });
  });

  it('reads a body without Content-Type as JSON', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/oauth/v2/token', payload: Buffer.from('{"grant_type":"password"}') });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ error: 'invalid_client', error_description: 'Client id was not found in the headers or body' });
  });

  it('answers 415 for a body that is not JSON (form bodies only on the token endpoint)', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/v1/channels/WEB', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(response.statusCode).toBe(415);
    expect(json(response)).toEqual({ code: 415, message: 'Unsupported media type' });
    const form = await t.inject({ method: 'POST', url: '/api/v1/nope', headers: { 'content-type': 'application/x-www-form-urlencoded', ...AUTH }, payload: 'a=1' });
    expect(form.statusCode).toBe(415);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const payload = JSON.stringify({ grant_type: 'x'.repeat(1024 * 1024) });
    const response = await t.inject({ method: 'POST', url: '/api/oauth/v2/token', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ code: 413, message: 'Request body is too large' });
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const echoed = await t.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const made = await t.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 500 with a generic body and no internals when something unexpected fails', async () => {
    await t.em().getConnection().execute('alter table channel rename to channel_gone');
    try {
      const response = await t.inject({ method: 'GET', url: '/api/v1/channels/WEB', headers: AUTH });
      expect(response.statusCode).toBe(500);
      expect(response.body).toBe('{"code":500,"message":"Internal Server Error"}');
    } finally {
      await t.em().getConnection().execute('alter table channel_gone rename to channel');
    }
  });

  describe('requests the HTTP parser refuses (raw sockets)', () => {
    let port = 0;

    beforeAll(async () => {
      await t.running.app.listen(0, '127.0.0.1');
      port = (t.running.app.getHttpServer().address() as AddressInfo).port;
    });

    /** Sends raw bytes and collects everything the server answers until it closes the connection. */
    const exchange = async (raw: string | Buffer, afterConnect?: (socket: Socket) => void): Promise<string> => {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const closed = once(socket, 'close');
      socket.write(raw);
      afterConnect?.(socket);
      await closed;
      return received;
    };
    const parse = (answer: string) => {
      const [head, body] = answer.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      return { statusLine, contentType: headers['content-type'], body: JSON.parse(body) as unknown };
    };

    it.each([
      ['a non-standard method', 'FOOBAR /api/v1/channels/WEB HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['a header value with \\x7f', 'GET /api/v1/channels/WEB HTTP/1.1\r\nHost: x\r\nX-Test: a\x7fb\r\n\r\n'],
      ['a header name with a space', 'GET /api/v1/channels/WEB HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
      ['both Content-Length and Transfer-Encoding', 'POST /api/v1/carts/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
      ['a broken chunk size', 'POST /api/v1/carts/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
      ['garbage instead of a request line', '\x01\x02\x03 nonsense\r\n\r\n'],
    ])('answers 400 {code, message} for %s', async (_case, raw) => {
      const answer = parse(await exchange(Buffer.from(raw, 'latin1')));
      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.contentType).toBe('application/json; charset=utf-8');
      expect(answer.body).toEqual({ code: 400, message: 'Bad Request' });
    });

    it('answers 431 {code, message} for a 20 KB header', async () => {
      const answer = parse(await exchange(`GET /api/v1/channels/WEB HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`));
      expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(answer.body).toEqual({ code: 431, message: 'Request Header Fields Too Large' });
    });

    it('answers 408 {code, message} when the request does not arrive in time', async () => {
      // Node reports a request timeout as a client error on the connection's socket; raise that one
      // here instead of waiting for the server's timeout sweep.
      const server = t.running.app.getHttpServer();
      const serverSide = once(server, 'connection') as Promise<[Socket]>;
      const answer = await exchange('GET /api/v1/channels/WEB HTTP/1.1\r\nHost: x\r\n', () => {
        void serverSide.then(([socket]) => server.emit('clientError', Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket));
      });
      expect(parse(answer).statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(parse(answer).body).toEqual({ code: 408, message: 'Request Timeout' });
    });

    it('still answers well-formed requests on the same server', async () => {
      const answer = await exchange('GET /api/v1/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(answer).toContain('HTTP/1.1 404 Not Found');
      expect(answer).toContain('{"code":404,"message":"No route found for \\"GET /api/v1/nope\\""}');
    });
  });
});
