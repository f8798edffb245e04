import { missingPermissionError, routeAccess, type PermissionCode } from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';

/**
 * What a session may do with a member of its account: one answer per record kind, asked by every
 * service call that takes a user id, after the service read the membership with the session's
 * account (another account's member is never found, so never reaches a policy).
 *
 * A person (e-mail, name, phones, language, password) may belong to several accounts: only the
 * person edits their own. An account's administrator manages the membership only: profile, job
 * title, farms, active.
 */
export interface MemberPolicy {
  read: boolean;
  readPhones: boolean;
  /** Profile, farms (and job title, which the member may also set for themself). */
  manage: boolean;
  setJobTitle: boolean;
  activate: boolean;
  remove: boolean;
  /** Name, phones, language, the pending recovery password: the person's own data. */
  editPerson: boolean;
}

function userManagement(session: Session, permission: PermissionCode): boolean {
  return (
    routeAccess('users', session.planLevel) === 'allowed' && session.permissions.has(permission)
  );
}

export function memberPolicy(session: Session, member: { userId: number }): MemberPolicy {
  const self = member.userId === session.userId;
  const edits = userManagement(session, 'USER_EDITAR');
  return {
    read: self || userManagement(session, 'USER_LISTAR'),
    readPhones: self || userManagement(session, 'USER_VISUALIZAR'),
    manage: edits,
    setJobTitle: self || edits,
    activate: !self && edits,
    remove: !self && userManagement(session, 'USER_EXCLUIR'),
    editPerson: self,
  };
}

/** Refuses with the plan-aware 403 of an action the policy does not allow. */
export function authorize(session: Session, allowed: boolean, action: string): void {
  if (!allowed)
    throw new AppError(missingPermissionError(session.planLevel), `Not allowed: ${action}`);
}
