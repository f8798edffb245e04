import type { Invitation, Language, Member } from '@lavoura/domain';
import type * as t from '../../db/schema.ts';

export interface MemberRow {
  user: Pick<typeof t.users.$inferSelect, 'id' | 'name' | 'email' | 'language' | 'activatedAt'>;
  membership: typeof t.memberships.$inferSelect;
  profile: { id: number; uid: string; message_key: string };
  phones: readonly string[];
  farmIds: readonly number[];
}

/**
 * A member as the account's administrators see them. A pending invitation shows only what the
 * inviting administrator typed: nothing of the person's data from their other accounts.
 */
export function toMember({ user, membership, profile, phones, farmIds }: MemberRow): Member {
  const invited = membership.acceptedAt === null;
  return {
    id: user.id,
    name: invited ? (membership.invitedName ?? user.email) : user.name,
    email: user.email,
    language: (invited ? (membership.invitedLanguage ?? 'pt') : user.language) as Language,
    active: membership.active,
    activated: invited || user.activatedAt !== null,
    profile,
    job_title_id: membership.jobTitleId,
    phones: invited ? [] : [...phones],
    farm_ids: [...farmIds],
    invited,
    created_at: membership.createdAt.toISOString(),
  };
}

/** An invitation as the invited person sees it: the account, the profile offered, when. */
export function toInvitation(
  membership: Pick<typeof t.memberships.$inferSelect, 'createdAt'>,
  account: Pick<typeof t.accounts.$inferSelect, 'id' | 'name'>,
  profile: MemberRow['profile'],
): Invitation {
  return {
    account: { id: account.id, name: account.name },
    profile,
    invited_at: membership.createdAt.toISOString(),
  };
}
