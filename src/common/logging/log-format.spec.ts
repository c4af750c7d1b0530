import { Writable } from 'node:stream';
import { resolveLogFormat } from './log-format';
import { createLogger } from './logger';

describe('resolveLogFormat', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    ['', true, 'pretty'],
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ])('LOG_FORMAT=%p with a terminal: %p gives %p', (value, terminal, expected) => {
    expect(resolveLogFormat(value, terminal)).toBe(expected);
  });

  it('refuses other values', () => {
    expect(() => resolveLogFormat('text', true)).toThrow('LOG_FORMAT must be json, pretty or auto, got "text"');
  });
});

describe('createLogger in the pretty format', () => {
  const capture = () => {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    });
    return { destination, output: () => chunks.join('') };
  };

  it('writes a completed request as one readable line, without colours off a terminal', () => {
    const { destination, output } = capture();
    createLogger('info', destination, 'pretty').info(
      { reqId: 'r-1', method: 'GET', route: '/api/v1/carts/:id', url: '/api/v1/carts/7', status: 200, durationMs: 4.2 },
      'request completed',
    );
    expect(output()).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed: GET \/api\/v1\/carts\/7 → 200 \(4\.2 ms\) \{"reqId":"r-1","route":"\/api\/v1\/carts\/:id"\}\n$/,
    );
  });

  it('censors secrets as the JSON format does', () => {
    const { destination, output } = capture();
    createLogger('info', destination, 'pretty').warn(
      {
        req: { method: 'GET', url: '/t?client_secret=s3cret-a&pass%77ord=s3cret-b&x=1' },
        headers: { Authorization: 'Bearer s3cret-c' },
        body: { user: { plainPassword: 's3cret-d' }, refresh_token: 's3cret-e' },
      },
      'hello',
    );
    expect(output()).not.toMatch(/s3cret/);
    expect(output().replace(/^\[[\d:.]+\] /, '')).toBe(
      'WARN: hello {"req":{"method":"GET","url":"/t?client_secret=[redacted]&pass%77ord=[redacted]&x=1"},' +
        '"headers":{"Authorization":"[redacted]"},"body":{"user":{"plainPassword":"[redacted]"},"refresh_token":"[redacted]"}}\n',
    );
  });
});
