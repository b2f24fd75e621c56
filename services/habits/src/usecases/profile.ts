import { validationError, type Actor, type ProfileView } from '@momentum/contracts';
import { canonicalTimeZone } from '../domain/days.js';
import { progressFor } from '../domain/levels.js';
import type { ProfileState } from '../store/profile-store.js';
import type { HabitsDeps } from '../deps.js';
import { todayOf } from '../domain/days.js';

export function profileView(profile: ProfileState, now: Date): ProfileView {
  const progress = progressFor(profile.xp);
  return {
    userId: profile._id,
    xp: profile.xp,
    level: progress.level,
    xpIntoLevel: progress.xpIntoLevel,
    xpToNextLevel: progress.xpToNextLevel,
    timezone: profile.timezone,
    dayStartHour: profile.dayStartHour,
    today: todayOf(profile, now),
  };
}

export async function getProfile(deps: HabitsDeps, userId: string): Promise<ProfileView> {
  return profileView(await deps.profiles.get(userId), deps.now());
}

/** Sets whose "today" it is: an IANA zone name and the hour the day starts. */
export async function updateProfile(
  deps: HabitsDeps,
  actor: Actor,
  body: { timezone?: string | undefined; dayStartHour?: number | undefined },
): Promise<ProfileView> {
  const set: { timezone?: string; dayStartHour?: number } = {};
  if (body.timezone !== undefined) {
    const zone = canonicalTimeZone(body.timezone);
    if (!zone)
      throw validationError('timezone: must be an IANA time zone name such as Europe/Berlin', {
        field: 'timezone',
        rule: 'timezone',
        value: body.timezone,
      });
    set.timezone = zone;
  }
  if (body.dayStartHour !== undefined) set.dayStartHour = body.dayStartHour;
  const now = deps.now();
  const profile = await deps.profiles.update(actor.userId, set, now);
  // "Today" may have moved: the next request looks at the profile again.
  deps.settledDays.forget(actor.userId);
  return profileView(profile, now);
}
