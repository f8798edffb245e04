import { routeAccess } from './route-access.ts';
import type { PermissionCode } from './permissions.ts';
import type { ProfileUid } from '../reference/profiles.ts';

/**
 * What a signed-in member may do with a member of their account: read by the API's users policy
 * (which refuses with 403 what this does not allow) and by the web app's users page (which shows
 * only what is allowed), so both tell the same story.
 *
 * A person (e-mail, name, phones, language, password) may belong to several accounts: only the
 * person edits their own. An account's administrator manages the membership only: profile, job
 * title, farms, active; nobody deactivates or removes themself.
 */
export interface MemberAccess {
  read: boolean;
  readPhones: boolean;
  /** Profile and farms of the membership (and its job title). */
  manage: boolean;
  /** Nobody changes their own profile: an administrator could lock the account out. */
  changeProfile: boolean;
  setJobTitle: boolean;
  activate: boolean;
  remove: boolean;
  /** Name, phones, language, the pending recovery password: the person's own data. */
  editPerson: boolean;
}

/** The signed-in member as the rule needs them. */
export interface MemberActor {
  userId: number;
  planLevel: number;
  can(code: PermissionCode): boolean;
}

export function memberAccess(actor: MemberActor, member: { userId: number }): MemberAccess {
  const self = member.userId === actor.userId;
  const manages = (code: PermissionCode) =>
    routeAccess('users', actor.planLevel) === 'allowed' && actor.can(code);
  const edits = manages('USER_EDITAR');
  return {
    read: self || manages('USER_LISTAR'),
    readPhones: self || manages('USER_VISUALIZAR'),
    manage: edits,
    changeProfile: !self && edits,
    setJobTitle: self || edits,
    activate: !self && edits,
    remove: !self && manages('USER_EXCLUIR'),
    editPerson: self,
  };
}

/** Internal job titles (the company's own staff) are given by the platform's ADMIN profile only. */
export function mayAssignJobTitle(profile: ProfileUid, title: { internal: boolean }): boolean {
  return !title.internal || profile === 'ADMIN';
}

/**
 * The farms a member sees: administrator profiles (`all_farms`) every farm of the account, the
 * others only the farms assigned to their membership. A farm outside it is not found.
 */
export type FarmScope = { all: true } | { all: false; farmIds: ReadonlySet<number> };

export function farmScope(allFarms: boolean, assignedFarmIds: readonly number[]): FarmScope {
  return allFarms ? { all: true } : { all: false, farmIds: new Set(assignedFarmIds) };
}

export function mayReadFarm(scope: FarmScope, farmId: number): boolean {
  return scope.all || scope.farmIds.has(farmId);
}
