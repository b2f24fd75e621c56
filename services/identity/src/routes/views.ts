import type { TeamDoc, UserDoc } from '../store/models.js';

export const teamView = (t: TeamDoc) => ({
  id: t._id,
  name: t.name,
  key: t.key,
  createdAt: t.createdAt.toISOString(),
});

export const userView = (u: UserDoc) => ({
  id: u._id,
  name: u.name,
  ...(u.email ? { email: u.email } : {}),
  createdAt: u.createdAt.toISOString(),
});
