import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avatarUrl, initialsOf } from '@momentum/contracts';
import { avatarSvg, colourOf, escapeXml } from '../../src/avatars/svg.js';
import { startTestGateway, type TestGateway } from '../support/harness.js';

describe('avatar initials and drawing', () => {
  it('takes the first and last words’ first letters, in any script', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace brewster murray hopper')).toBe('GH');
    expect(initialsOf('Triage Bot')).toBe('TB');
    expect(initialsOf('Zoë')).toBe('Z');
    expect(initialsOf('  Ñandú  ')).toBe('Ñ');
    expect(initialsOf('李 小龍')).toBe('李小');
    expect(initialsOf('<script> "x"')).toBe('SX');
    expect(initialsOf('!!! ???')).toBe('');
  });

  it('points at the gateway’s own path, never another host', () => {
    const id = randomUUID();
    expect(avatarUrl('user', id, 'Ada Lovelace')).toBe(`/api/avatars/user/${id}.svg?initials=AL`);
    expect(avatarUrl('agent', id, '---')).toBe(`/api/avatars/agent/${id}.svg`);
  });

  it('colours by the id, the same every time', () => {
    const id = randomUUID();
    expect(colourOf(id)).toBe(colourOf(id));
    expect(colourOf(id)).toMatch(/^hsl\(\d{1,3} 55% 42%\)$/);
  });

  it('escapes whatever text it is given: no markup gets in', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const svg = avatarSvg('user', 'x', text);
        expect(svg).not.toMatch(/<script|<foreignObject|href=|on\w+=/i);
        expect(svg.match(/</g)!.length).toBe(5);
        expect(escapeXml(text)).not.toMatch(/[<>"']/);
      }),
    );
  });
});

describe('GET /api/avatars/:kind/:id.svg', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ method: 'GET', url, headers });

  it('draws an SVG without a key, cacheable, with a CSP of its own and nothing to run', async () => {
    const id = randomUUID();
    const res = await get(`/api/avatars/user/${id}.svg?initials=AL`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('>AL</text>');
    expect(res.body).toContain(colourOf(id));
    expect(res.body).toContain('<circle');
    expect(res.body).not.toMatch(/script|href|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);

    const again = await get(`/api/avatars/user/${id}.svg?initials=AL`, {
      'if-none-match': res.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const agent = await get(`/api/avatars/agent/${id.toUpperCase()}.svg?initials=%E6%9D%8E`);
    expect(agent.statusCode).toBe(200);
    expect(agent.body).toContain('<rect');
    expect(agent.body).toContain('>李</text>');
    expect(agent.headers.etag).not.toBe(res.headers.etag);

    const none = await get(`/api/avatars/user/${id}.svg`);
    expect(none.body).toContain('>?</text>');
  });

  it('refuses what it does not draw, in the house error shape', async () => {
    const id = randomUUID();
    for (const url of [
      `/api/avatars/team/${id}.svg`,
      `/api/avatars/user/${id}.png`,
      `/api/avatars/user/not-an-id.svg`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    for (const initials of ['%3Cs%3E', 'ABC', '', '%22', 'a%20b']) {
      const res = await get(`/api/avatars/user/${id}.svg?initials=${initials}`);
      expect(res.statusCode, initials).toBe(422);
      expect(res.json().error.details).toMatchObject({ field: 'initials' });
    }
  });
});
