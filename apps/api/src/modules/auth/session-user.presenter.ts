import type { Language, SessionUser } from '@lavoura/domain';
import type { ReferenceLists } from '../reference/reference.service.ts';

/** The columns the session-user query reads (never the password hashes). */
export interface SessionUserRow {
  id: number;
  email: string;
  name: string;
  language: string;
  firstLogin: boolean;
  passwordType: string;
  jobTitleId: number | null;
  active: boolean;
  profileId: number;
  activeUsers: number;
  phones: string[];
  account: {
    id: number;
    name: string;
    countryId: number;
    stateId: number | null;
    cityId: number | null;
    planId: number;
    maxUsers: number;
    contractStart: string | null;
    contractedArea: number | null;
  };
}

/**
 * The signed-in user as the shell shows them (`dados-usuario`, login, account switch). Profiles,
 * plans and job titles are reference data, read from memory.
 */
export function toSessionUser(row: SessionUserRow, lists: ReferenceLists): SessionUser {
  const { account } = row;
  const profile = lists.profiles.find((p) => p.id === row.profileId)!;
  const plan = lists.plans.find((p) => p.id === account.planId)!;
  const jobTitle = lists.jobTitles.find((j) => j.id === row.jobTitleId);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: row.language as Language,
    active: row.active,
    first_login: row.firstLogin ? 'Y' : 'N',
    password_type: row.passwordType as SessionUser['password_type'],
    is_admin: profile.all_farms,
    total_users: row.activeUsers,
    account: {
      id: account.id,
      name: account.name,
      country_id: account.countryId,
      state_id: account.stateId,
      city_id: account.cityId,
      max_users: account.maxUsers,
      contract_start: account.contractStart,
      contracted_area: account.contractedArea,
    },
    user_profile: { id: profile.id, uid: profile.uid, message_key: profile.message_key },
    job_title: jobTitle
      ? { id: jobTitle.id, code: jobTitle.code, message_key: jobTitle.message_key }
      : null,
    plan: {
      id: plan.id,
      name: plan.name,
      priority_level: plan.priority_level,
      message_key: plan.message_key,
    },
    phones: row.phones,
  };
}
