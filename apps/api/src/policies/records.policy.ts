import {
  ERRORS,
  missingPermissionError,
  recordAccess,
  refusalOf,
  type RecordAccess,
  type RecordAction,
  type RecordActor,
  type RecordFacts,
  type RecordKind,
} from '@lavoura/domain';
import { AppError } from '../http/app-error.ts';
import type { Session } from '../modules/auth/session.types.ts';

/** The session as the domain's policies read it. */
export function actorOf(session: Session): RecordActor {
  return {
    planLevel: session.planLevel,
    farms: session.farms,
    can: (code) => session.permissions.has(code),
  };
}

/**
 * What the session may do with one record of its account (the domain's `recordAccess`: plan,
 * permission code, the member's farms, the season). Services read the record with the
 * session's account first (`ofAccount`), then ask this.
 */
function recordPolicy(session: Session, kind: RecordKind, record?: RecordFacts): RecordAccess {
  return recordAccess(actorOf(session), kind, record);
}

/**
 * Refuses what the policy does not allow, with the error a person understands: a record on a
 * farm they are not assigned to is not found (404), a season record outside the current season
 * is read-only (409 `sowing.other_season`), anything else is the plan-aware 403.
 */
export function authorizeRecord(
  session: Session,
  kind: RecordKind,
  action: RecordAction,
  record?: RecordFacts,
): void {
  if (recordPolicy(session, kind, record)[action]) return;
  const why = refusalOf(actorOf(session), kind, record);
  if (why === 'notFound') throw new AppError(ERRORS.notFound, `${kind} not found`);
  if (why === 'pastSeason')
    throw new AppError(ERRORS.sowingOtherSeason, `${kind} of a past season is read-only`);
  throw new AppError(missingPermissionError(session.planLevel), `Not allowed: ${action} ${kind}`);
}

/** Refuses with the plan-aware 403 of an action the policy does not allow. */
export function authorize(session: Session, allowed: boolean, action: string): void {
  if (!allowed)
    throw new AppError(missingPermissionError(session.planLevel), `Not allowed: ${action}`);
}
