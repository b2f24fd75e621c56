import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, gatewayUrl } from '../../../test/support/e2e.js';
import { buildDocument } from '../../../scripts/openapi/document.js';

/** What a person or a tool reading the API finds at the gateway, with no key. */
describe('the API’s own documentation', () => {
  it('serves the merged OpenAPI 3.1 document with this gateway as its server', async () => {
    const res = await api(null, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.servers).toEqual([{ url: gatewayUrl(), description: 'This gateway' }]);
    expect(res.body['x-conflicts']).toBeUndefined();
  });

  it('serves the document scripts/openapi builds from the route definitions (the client’s source)', async () => {
    const res = await api(null, 'GET', '/openapi.json');
    const built = await buildDocument();
    expect({ ...res.body, servers: built.servers }).toEqual(built);
  });

  it('serves an interactive reference from its own assets, allowed nothing from elsewhere', async () => {
    const page = await fetch(`${gatewayUrl()}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<script src="js/scalar.js"></script>');
    expect(html).toContain('"/openapi.json"');
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("font-src 'self' data:");
    const inline = [...html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]![1]!).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    // Without JavaScript, the page still lists the operations.
    expect(html).toContain('<code>GET /api/projects</code>');

    const script = await fetch(`${gatewayUrl()}/docs/js/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});
