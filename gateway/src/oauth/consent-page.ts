import { createHash } from 'node:crypto';
import { SCOPE_CATALOGUE, type ApiScope } from '@momentum/contracts';

/**
 * The consent pages: plain HTML forms, no script, one inline style allowed by its hash, no
 * asset from anywhere. Every value shown is escaped.
 */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem}fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0}label{display:block}
input[type=password],select{width:100%;padding:.4rem;font:inherit}button{font:inherit;padding:.5rem 1.2rem;margin-right:.5rem}
.note{color:#555;font-size:.9rem}.warn{color:#8a4b00}code{font-size:.9rem}`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's CSP: its one style, forms posting here (and redirecting to `redirectTo`). */
export function consentCsp(redirectTo?: string): string {
  let target = '';
  if (redirectTo) {
    const url = new URL(redirectTo);
    target =
      url.protocol === 'http:' || url.protocol === 'https:' ? ` ${url.origin}` : ` ${url.protocol}`;
  }
  return `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'${target}; frame-ancestors 'none'; base-uri 'none'`;
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`)
    .join('');

export interface ClientShown {
  id: string;
  name: string;
  uri: string | null;
  verified: boolean;
}

const clientLine = (c: ClientShown) =>
  `<p><strong>${escapeHtml(c.name)}</strong>${c.uri ? ` (<code>${escapeHtml(c.uri)}</code>)` : ''}</p>` +
  (c.verified
    ? `<p class="note">Client identified by <code>${escapeHtml(c.id)}</code>.</p>`
    : `<p class="warn">This client registered itself; Momentum has not checked its name.</p>`);

/** Step one: the person signs in by pasting a key (there are no passwords). */
export function signInPage(client: ClientShown, fields: Record<string, string>, error?: string) {
  return page(
    'Connect to Momentum',
    `<h1>Connect a client to Momentum</h1>${clientLine(client)}` +
      (error ? `<p class="warn" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="/oauth/authorize">${hidden(fields)}` +
      `<label for="key">Sign in with one of your Momentum API keys (<code>svc_…</code>)</label>` +
      `<input id="key" name="key" type="password" autocomplete="off" required>` +
      `<p class="note">The key stays with Momentum: the client never sees it.</p>` +
      `<button type="submit" name="step" value="sign-in">Continue</button></form>`,
  );
}

export interface AgentChoice {
  id: string;
  name: string;
}

/** Step two: what the client asks for, to narrow, and whom it may act as. */
export function consentPage(
  client: ClientShown,
  user: string,
  offered: readonly ApiScope[],
  agents: readonly AgentChoice[],
  fields: Record<string, string>,
) {
  const boxes = offered
    .map(
      (s) =>
        `<label><input type="checkbox" name="scope" value="${s}" checked> <code>${s}</code> — ${escapeHtml(SCOPE_CATALOGUE[s])}</label>`,
    )
    .join('');
  const options = [
    `<option value="me">Myself (${escapeHtml(user)})</option>`,
    ...agents.map(
      (a) => `<option value="${escapeHtml(a.id)}">My agent ${escapeHtml(a.name)}</option>`,
    ),
  ].join('');
  return page(
    'Allow access to Momentum?',
    `<h1>Allow access to Momentum?</h1>${clientLine(client)}` +
      `<form method="post" action="/oauth/authorize">${hidden(fields)}` +
      `<fieldset><legend>It asks to</legend>${boxes || '<p>No scope you hold.</p>'}</fieldset>` +
      `<label for="act_as">Act as</label><select id="act_as" name="act_as">${options}</select>` +
      `<p class="note">Signed in as ${escapeHtml(user)}. You can end this later: GET /api/users/me/authorizations.</p>` +
      `<button type="submit" name="decision" value="allow">Allow</button>` +
      `<button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

/** An error that must not be redirected (unknown client, unregistered redirect URI). */
export function errorPage(message: string) {
  return page(
    'Authorization error',
    `<h1>This authorization request cannot go on</h1><p>${escapeHtml(message)}</p>` +
      `<p class="note">Nothing was sent back to the application.</p>`,
  );
}
