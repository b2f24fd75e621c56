import { operations, type OpenApiDocument } from '@momentum/http';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The operations as a plain list, for a reader without JavaScript (a terminal browser,
 * curl): the interactive reference is drawn by a script.
 */
export function outlineHtml(doc: OpenApiDocument): string {
  const rows = [...operations(doc)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([path, method, op]) =>
        `<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code> — ${escapeHtml(String(op.summary ?? ''))}</li>`,
    )
    .join('\n');
  return `<noscript>
    <h1>Momentum API</h1>
    <p>Every <code>/api</code> request carries <code>Authorization: Bearer svc_…</code>. The OpenAPI 3.1 document: <a href="/openapi.json">/openapi.json</a>.</p>
    <ul>
${rows}
    </ul>
  </noscript>`;
}
