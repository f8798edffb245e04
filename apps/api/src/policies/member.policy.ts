import { memberAccess, type MemberAccess } from '@lavoura/domain';
import type { Session } from '../modules/auth/session.types.ts';

/**
 * What a session may do with a member of its account (the rule is the domain's `memberAccess`,
 * which the web app's users page reads too). Every service call that takes a user id asks it,
 * after reading the membership with the session's account: another account's member is never
 * found, so never reaches a policy.
 */
export function memberPolicy(session: Session, member: { userId: number }): MemberAccess {
  return memberAccess(
    {
      userId: session.userId,
      planLevel: session.planLevel,
      can: (code) => session.permissions.has(code),
    },
    member,
  );
}
