/** What an invitation's reply says it is: stored status, or `expired` once past its time. */
export type InvitationState = 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';

export function invitationState(
  invitation: { status: Exclude<InvitationState, 'expired'>; expiresAt: Date },
  now: Date,
): InvitationState {
  return invitation.status === 'pending' && invitation.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : invitation.status;
}

/** Whether the user is the invitee: by id, or by their email (compared in lower case). */
export function isInvitee(
  invitation: { userId: string | null; email: string | null },
  user: { _id: string; email?: string | null },
): boolean {
  if (invitation.userId) return invitation.userId === user._id;
  return !!invitation.email && invitation.email === user.email?.toLowerCase();
}
