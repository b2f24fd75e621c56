/** A small HTTP client for the benchmark's set-up calls (not for the measured load). */
export interface Reply {
  status: number;
  body: any;
}

export class BenchClient {
  constructor(
    readonly baseUrl: string,
    readonly key: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Reply> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** Like call(), but a status other than the expected one stops the benchmark. */
  async expect(status: number, method: string, path: string, body?: unknown): Promise<any> {
    const reply = await this.call(method, path, body);
    if (reply.status !== status) {
      throw new Error(
        `${method} ${path} → ${reply.status} (expected ${status}): ${JSON.stringify(reply.body)}`,
      );
    }
    return reply.body;
  }

  as(key: string): BenchClient {
    return new BenchClient(this.baseUrl, key);
  }
}
