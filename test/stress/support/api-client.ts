import { Agent, request as httpRequest } from 'node:http';

export interface ApiResponse {
  status: number;
  text: string;
  /** The parsed JSON body; undefined for an empty body. */
  body: unknown;
}

/** A small HTTP client over keep-alive connections; network failures reject (the crash test relies on that). */
export class ApiClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });

  constructor(
    readonly baseUrl: string,
    private readonly token = 'SampleToken',
  ) {}

  request(method: string, path: string, payload?: unknown): Promise<ApiResponse> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${this.baseUrl}${path}`, { method, headers, agent: this.agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            return reject(new Error(`${method} ${path}: ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
          }
          resolve({ status: res.statusCode ?? 0, text, body: parsed });
        });
      });
      req.on('error', reject);
      req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${path}: no answer within 120 s`)));
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
