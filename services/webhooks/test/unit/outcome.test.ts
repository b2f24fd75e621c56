import { describe, expect, it } from 'vitest';
import { errorTextOf, verdictOf, type AttemptResult } from '../../src/domain/outcome.js';

const reply = (status: number): AttemptResult => ({ kind: 'response', status, retryAfter: null });

describe('what an attempt result means', () => {
  it('counts any 2xx as delivered', () => {
    for (const s of [200, 201, 202, 204, 299]) expect(verdictOf(reply(s))).toBe('succeeded');
  });

  it('retries network errors, timeouts, 5xx, 429 and 408', () => {
    for (const s of [500, 502, 503, 504, 429, 408]) expect(verdictOf(reply(s))).toBe('retry');
    expect(verdictOf({ kind: 'error', error: 'network', message: 'ECONNREFUSED' })).toBe('retry');
    expect(verdictOf({ kind: 'error', error: 'timeout', message: 'slow' })).toBe('retry');
  });

  it('fails at once on other answers, redirects included, and on forbidden targets', () => {
    for (const s of [301, 302, 307, 400, 401, 403, 404, 410, 422])
      expect(verdictOf(reply(s))).toBe('failed');
    expect(verdictOf({ kind: 'error', error: 'forbidden_target', message: 'x' })).toBe('failed');
  });

  it('says why in the log', () => {
    expect(errorTextOf(reply(200))).toBeNull();
    expect(errorTextOf(reply(302))).toBe('redirect (302) not followed');
    expect(errorTextOf(reply(503))).toBe('HTTP 503');
    expect(errorTextOf({ kind: 'error', error: 'timeout', message: 'after 10 s' })).toBe(
      'timeout: after 10 s',
    );
  });
});
