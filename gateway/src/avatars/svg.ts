import { createHash } from 'node:crypto';
import type { AvatarKind } from '@momentum/contracts';

/** Bump when the drawing changes, so caches holding the old picture under an ETag let go. */
const DRAWING_VERSION = '1';

/** Text as SVG character data: the five XML specials escaped (the route also allows letters only). */
export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** A hue from the id (stable across processes and releases), at a saturation white text reads on. */
export function colourOf(id: string): string {
  const hue = createHash('sha256').update(id).digest().readUInt16BE(0) % 360;
  return `hsl(${hue} 55% 42%)`;
}

/**
 * The avatar: the initials on a disc (a person) or a rounded square (an agent), coloured by the
 * id. Static markup only: no script, no link, no external reference, nothing but text escaped.
 */
export function avatarSvg(kind: AvatarKind, id: string, initials: string): string {
  const fill = colourOf(id);
  const shape =
    kind === 'agent'
      ? `<rect width="64" height="64" rx="14" fill="${fill}"/>`
      : `<circle cx="32" cy="32" r="32" fill="${fill}"/>`;
  const text = escapeXml(initials || '?');
  const size = [...text].length > 1 ? 26 : 30;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${text}">` +
    shape +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#fff" font-family="system-ui,-apple-system,'Segoe UI',sans-serif" font-size="${size}" font-weight="600">${text}</text>` +
    `</svg>`
  );
}

/** A strong validator of what is drawn: the same inputs and drawing give the same tag. */
export function avatarEtag(kind: AvatarKind, id: string, initials: string): string {
  const digest = createHash('sha256')
    .update(`${DRAWING_VERSION}\0${kind}\0${id}\0${initials}`)
    .digest('base64url')
    .slice(0, 22);
  return `"${digest}"`;
}
