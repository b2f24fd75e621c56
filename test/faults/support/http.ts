import http from 'node:http';

export interface Outcome {
  status?: number;
  body?: any;
  /** Set when no complete response came: a reset, a refused or cut connection. */
  error?: string;
}

/**
 * A POST over node:http that says when the request has been handed to the kernel in
 * full (`written`), so a test can send a signal only once every request is at the
 * server, and a complete response from a reset tell apart (`outcome`).
 */
export function postJson(
  url: string,
  headers: Record<string, string> | ((body: string) => Record<string, string>),
  body: unknown,
  agent?: http.Agent,
): { written: Promise<void>; outcome: Promise<Outcome> } {
  let written!: () => void;
  const writtenP = new Promise<void>((resolve) => (written = resolve));
  const text = JSON.stringify(body);
  const given = typeof headers === 'function' ? headers(text) : headers;
  const outcome = new Promise<Outcome>((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...given, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: text ? JSON.parse(text) : undefined }),
        );
        res.on('error', (err) => resolve({ error: String(err) }));
      },
    );
    req.on('error', (err) => {
      written();
      resolve({ error: String(err) });
    });
    req.on('finish', () => written());
    req.end(text);
  });
  return { written: writtenP, outcome };
}
