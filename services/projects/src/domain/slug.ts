import { asciiWords } from './project-key.js';

/**
 * A URL-friendly name, unique within the team: "Q3 Launch — Web!" → `q3-launch-web`.
 * Fixed at creation so links stay valid after a rename.
 */
const SLUG_MAX = 60;

export function slugify(name: string): string {
  const slug = asciiWords(name.toLowerCase()).join('-').slice(0, SLUG_MAX).replace(/-+$/, '');
  return slug || 'project';
}

/** The n-th choice when a slug is taken in the team: launch, launch-2, launch-3… */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = `-${attempt + 1}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}
