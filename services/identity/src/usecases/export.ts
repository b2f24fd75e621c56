import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { notFound, type Actor, type ExportLine } from '@momentum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { ExportSource } from '../clients/exports.js';
import { requireHuman } from '../domain/access.js';

/**
 * The caller's data across the services as one JSON document, written as it is read:
 * identity's own part (account, teams, keys' metadata), then each service's part from its
 * NDJSON export, section by section. Nothing is held whole; a service that fails midway
 * breaks the stream (the document is left unterminated, never silently short).
 */
export async function exportMyData(deps: IdentityDeps, actor: Actor): Promise<Readable> {
  requireHuman(actor, 'export a person');
  const user = await deps.users.find(actor.id);
  if (!user) throw notFound('User');
  const userId = user._id;
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

  async function* document() {
    yield `{"data":{"exportedAt":${JSON.stringify(deps.now().toISOString())}`;
    yield `,"user":${JSON.stringify({
      id: userId,
      name: user!.name,
      email: user!.email ?? null,
      isAdmin: user!.isAdmin,
      createdAt: iso(user!.createdAt),
    })}`;
    const { memberships, teams } = await deps.personalData.teams(userId);
    yield `,"teams":${JSON.stringify(
      teams.map((t) => {
        const m = memberships.find((x) => x.teamId === t._id);
        return {
          id: t._id,
          name: t.name,
          key: t.key,
          role: m?.role ?? null,
          joinedAt: iso(m?.createdAt),
          createdByYou: t.createdBy === userId,
        };
      }),
    )}`;
    const keys = await deps.personalData.keys(userId);
    yield `,"apiKeys":${JSON.stringify(
      keys.map((k) => ({
        id: k._id,
        keyId: k.keyId,
        name: k.name ?? null,
        scopes: k.scopes ?? null,
        createdAt: iso(k.createdAt),
        expiresAt: iso(k.expiresAt),
        lastUsedAt: iso(k.lastUsedAt),
        revokedAt: iso(k.revokedAt),
      })),
    )}`;
    for (const source of deps.exportSources) yield* servicePart(source, userId);
    yield '}}\n';
  }
  return Readable.from(document());
}

/** `"<service>":{"<section>":[…],…}` from the service's NDJSON lines. */
async function* servicePart(source: ExportSource, userId: string) {
  yield `,${JSON.stringify(source.service)}:{`;
  const stream = await source.lines(userId);
  let section: string | null = null;
  let first = true;
  if (stream)
    for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
      if (!text) continue;
      const line = JSON.parse(text) as ExportLine;
      if (line.section !== section) {
        yield `${section === null ? '' : '],'}${JSON.stringify(line.section)}:[`;
        section = line.section;
        first = true;
      }
      yield `${first ? '' : ','}${JSON.stringify(line.item)}`;
      first = false;
    }
  yield section === null ? '}' : ']}';
}
