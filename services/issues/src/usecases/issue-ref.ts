import { conflict, isIssueIdentifier, notFound, scopeOf, type Actor } from '@momentum/contracts';
import { canonicalIdentifier } from '../domain/identifier.js';
import type { IssuesDeps } from '../deps.js';

/** How many issues an ambiguous identifier's 409 lists. */
const MAX_SHOWN = 10;

/**
 * The UUID of an issue a path names by UUID or by identifier (`ENG-12`, any case). An
 * identifier resolves only within the caller's teams, so another team's issue is the same
 * 404 as one that does not exist: identifiers are easy to guess, and the answer must not tell
 * which exist. A UUID is handed back as it is (the use case then answers 404 or 403 as
 * before). Two of the caller's teams may each have the identifier (keys are unique per
 * team): 409 with their ids, to be asked again by UUID.
 */
export async function issueIdOf(
  deps: Pick<IssuesDeps, 'issues'>,
  actor: Actor,
  ref: string,
  what = 'Issue',
): Promise<string> {
  if (!isIssueIdentifier(ref)) return ref;
  const identifier = canonicalIdentifier(ref);
  if (!identifier) throw notFound(what);
  const ids = (await deps.issues.withIdentifier(scopeOf(actor), identifier, MAX_SHOWN)).map(
    (d) => d._id,
  );
  if (ids.length === 0) throw notFound(what);
  if (ids.length > 1)
    throw conflict(`${identifier} names an issue in more than one of your teams; use its id`, {
      rule: 'ambiguous',
      identifier,
      ids,
    });
  return ids[0]!;
}
