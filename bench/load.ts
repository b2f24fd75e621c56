import autocannon from 'autocannon';

/** One autocannon run, reduced to the figures the report prints. */
export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  method?: autocannon.Request['method'];
  body?: string;
  connections?: number;
  durationS?: number;
  amount?: number;
  /** Requests a second across all connections (open loop), instead of as fast as answered. */
  overallRate?: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  // autocannon treats a key present with `undefined` as set, so only given ones are passed.
  const given = Object.fromEntries(
    Object.entries({
      headers: options.headers,
      requests: options.requests,
      method: options.method,
      body: options.body,
      overallRate: options.overallRate,
    }).filter(([, v]) => v !== undefined),
  );
  const result = await autocannon({
    url: options.url,
    ...given,
    connections: options.connections ?? 16,
    ...(options.amount ? { amount: options.amount } : { duration: options.durationS ?? 10 }),
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** p50 and p99 of a list of sampled durations (ms). */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

/** p50 of n sequential calls of fn, in ms: for slow requests where a load run says little. */
export async function sequentialP50(n: number, fn: () => Promise<void>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return percentiles(samples).p50;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
