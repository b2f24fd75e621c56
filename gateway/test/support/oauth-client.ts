import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Where the tests' clients are sent back: loopback, a port nothing listens on (the request is watched). */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** An MCP client's OAuth state kept in memory, as the official SDK asks for it. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | null = null;

  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'E2E MCP client',
      client_uri: 'https://client.example.com',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A headless Chromium (Debian's, or CHROMIUM_PATH), with a profile of its own. */
export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'momentum-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    userDataDir: dir,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ConsentChoice {
  /** Untick every `:write` scope. */
  readOnly?: boolean;
  /** The agent to act as (its id), else the person. */
  actAs?: string;
  deny?: boolean;
}

/**
 * Completes the consent page as a person would, in the browser: pastes the key, narrows,
 * allows (or denies). Returns the URL the browser was sent back to, and any CSP violation
 * the console reported.
 */
export async function consentInBrowser(
  browser: Browser,
  authorizationUrl: string,
  key: string,
  choice: ConsentChoice = {},
): Promise<{ redirect: URL; cspViolations: string[]; pages: string[] }> {
  const page = await browser.newPage();
  const cspViolations: string[] = [];
  const pages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  try {
    await page.goto(authorizationUrl);
    pages.push(await page.content());
    await page.type('#key', key);
    await Promise.all([page.waitForNavigation(), page.click('button[value="sign-in"]')]);
    pages.push(await page.content());
    if (!(await page.$('button[value="allow"]'))) throw new Error(`no consent form: ${pages[1]}`);
    if (choice.readOnly) {
      for (const box of await page.$$('input[name="scope"][value$=":write"]')) await box.click();
    }
    if (choice.actAs) await page.select('#act_as', choice.actAs);
    const back = page.waitForRequest((r) => r.url().startsWith(REDIRECT_URI));
    await page.click(`button[value="${choice.deny ? 'deny' : 'allow'}"]`);
    return { redirect: new URL((await back).url()), cspViolations, pages };
  } finally {
    await page.close();
  }
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The consent page driven with plain HTTP (the same forms the browser posts), for the
 * tests that only need a code: cookie, CSRF field, sign-in, decision.
 */
export async function consentByHttp(
  authorizationUrl: string,
  key: string,
  choice: ConsentChoice & { scopes?: string[] } = {},
): Promise<Response> {
  const origin = new URL(authorizationUrl).origin;
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  const fields = hiddenFields(await first.text());
  const post = (body: URLSearchParams) =>
    fetch(`${origin}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin },
      body,
    });
  const signIn = new URLSearchParams({ ...fields, key, step: 'sign-in' });
  const consent = await post(signIn);
  if (consent.status !== 200) return consent;
  const html = await consent.text();
  const next = new URLSearchParams(hiddenFields(html));
  const offered = [...html.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]!);
  for (const s of choice.scopes ?? offered.filter((s) => !choice.readOnly || s.endsWith(':read')))
    next.append('scope', s);
  next.set('act_as', choice.actAs ?? 'me');
  next.set('decision', choice.deny ? 'deny' : 'allow');
  return post(next);
}

function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return out;
}
