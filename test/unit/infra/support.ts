// Shared by the infra tests: the components, the environment each must get, small readers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM
import * as componentsModule from '../../../scripts/lib/components.mjs';

export interface Component {
  name: string;
  entry: string;
  port: number;
}
export type Env = Record<string, string>;
export type Obj = Record<string, unknown>;

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

export const COMPONENTS = componentsModule.COMPONENTS as Component[];
export const SERVICES = componentsModule.SERVICES as Component[];
export const GATEWAY = componentsModule.GATEWAY as Component;
export const MCP_SERVER = componentsModule.MCP_SERVER as Component;
export const byName = (name: string) => {
  const c = COMPONENTS.find((x) => x.name === name);
  if (!c) throw new Error(`no component ${name}`);
  return c;
};
export const urlOf = (name: string) => `http://${name}:${byName(name).port}`;
export const urlVar = (name: string) => `${name.toUpperCase()}_URL`;

/** Whether openssl runs here (the documented secret commands call it). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const asObj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
export const asArr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** What each component must be given, beyond the shared service variables. */
export const EXTRA_ENV: Record<string, string[]> = {
  identity: [
    'ADMIN_API_KEY',
    'HABITS_URL',
    'PROJECTS_URL',
    'ISSUES_URL',
    'AGENTS_URL',
    'WEBHOOKS_URL',
    'NOTIFICATIONS_URL',
  ],
  habits: [],
  projects: ['IDENTITY_URL', 'ISSUES_URL'],
  issues: ['IDENTITY_URL', 'AGENTS_URL'],
  agents: ['IDENTITY_URL'],
  webhooks: ['IDENTITY_URL'],
  notifications: ['IDENTITY_URL', 'AGENTS_URL'],
};
export const SERVICE_ENV = [
  'PORT',
  'HOST',
  'MONGO_URL',
  'MONGO_DB',
  'NATS_URL',
  'INTERNAL_SECRET',
  'LOG_LEVEL',
];
export const GATEWAY_ENV = [
  'PORT',
  'HOST',
  'NATS_URL',
  'INTERNAL_SECRET',
  ...SERVICES.map((s) => urlVar(s.name)),
];
export const MCP_ENV = ['SVC_BASE_URL', 'MCP_PORT'];

export const requiredEnv = (c: Component): string[] => {
  if (c.name === GATEWAY.name) return GATEWAY_ENV;
  if (c.name === MCP_SERVER.name) return MCP_ENV;
  return [...SERVICE_ENV, ...(EXTRA_ENV[c.name] ?? [])];
};

/** The value each variable must have (where it is fixed). */
export function expectedValue(c: Component, key: string): string | RegExp | undefined {
  if (key === 'PORT') return String(c.port);
  if (key === 'HOST') return '0.0.0.0';
  if (key === 'MONGO_DB') return `momentum_${c.name}`;
  if (key === 'SVC_BASE_URL') return urlOf(GATEWAY.name);
  if (key === 'MCP_PORT') return String(MCP_SERVER.port);
  const service = SERVICES.find((s) => urlVar(s.name) === key);
  if (service) return urlOf(service.name);
  return undefined;
}

// ── docker-compose.yml ──────────────────────────────────────────────────────────────────
