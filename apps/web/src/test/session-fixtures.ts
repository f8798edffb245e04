import { vi } from 'vitest';
import type { Member, Plan, Profile, SessionAnswer, SessionUser } from '@lavoura/domain';
import { PLANS, PROFILES, permissionsFor, withShellKeys } from '@lavoura/domain';
import { startSession } from '../app/session/session-store';
import { jsonResponse } from './render-app';

/** What the server answers a Full-plan account administrator: every code and shell key. */
export const ALL_PERMISSIONS = withShellKeys(
  permissionsFor({ profile: 'CONTA', planLevel: 4 }),
  'CONTA',
);

const PLAN_BY_LEVEL: Record<number, Plan> = Object.fromEntries(
  PLANS.map((plan) => [plan.priority_level, plan]),
);

export function sessionUser(
  overrides: Partial<Omit<SessionUser, 'account' | 'plan'>> & {
    account?: Partial<SessionUser['account']>;
    level?: number;
  } = {},
): SessionUser {
  const { account, level = 4, ...rest } = overrides;
  const plan = PLAN_BY_LEVEL[level] ?? PLANS[0]!;
  return {
    id: 1,
    email: 'ana@fazenda.test',
    name: 'Ana Souza',
    language: 'pt',
    active: true,
    first_login: 'N',
    password_type: 'regular',
    is_admin: true,
    total_users: 2,
    user_profile: { id: 2, uid: 'CONTA', message_key: 'profile.conta' },
    job_title: { id: 1, code: 'farm_administrator', message_key: 'job_title.farm_administrator' },
    plan: {
      id: plan.id,
      name: plan.name,
      priority_level: plan.priority_level,
      message_key: plan.message_key,
    },
    phones: [],
    ...rest,
    account: {
      id: 10,
      name: 'Fazenda Boa Vista',
      country_id: 1,
      state_id: null,
      city_id: null,
      max_users: 5,
      contract_start: null,
      contracted_area: null,
      ...account,
    },
  };
}

export function sessionAnswer(overrides: Partial<SessionAnswer> = {}): SessionAnswer {
  return {
    accounts: [{ id: 10, name: 'Fazenda Boa Vista', current: true }],
    is_first_login: false,
    is_first_login_full_plan: false,
    recovery_password: false,
    token: 'token-after-login',
    user: sessionUser(),
    ...overrides,
  };
}

export function member(overrides: Partial<Member> = {}): Member {
  return {
    id: 2,
    name: 'Bruno Lima',
    email: 'bruno@fazenda.test',
    language: 'pt',
    active: true,
    activated: true,
    profile: { id: 3, uid: 'FARM', message_key: 'profile.farm' },
    job_title_id: null,
    phones: [],
    farm_ids: [],
    created_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export const PROFILE_LIST: Profile[] = PROFILES.map((profile) => ({ ...profile }));

export const JOB_TITLES = [
  {
    id: 1,
    code: 'farm_administrator',
    message_key: 'job_title.farm_administrator',
    internal: false,
  },
  { id: 2, code: 'researcher', message_key: 'job_title.researcher', internal: false },
  {
    id: 11,
    code: 'manager_admin_general',
    message_key: 'job_title.manager_admin_general',
    internal: true,
  },
];

/** A signed-in browser: the token cookie is set, as after a real login. */
export function signIn(token = 'session-token'): void {
  startSession({ token });
}

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * The API calls of a signed-in start (user, permissions, accounts, reference data) answered at
 * the fetch boundary; `extra` adds or replaces handlers.
 */
export function sessionHandlers(
  options: {
    user?: SessionUser;
    permissions?: string[];
    accounts?: SessionAnswer['accounts'];
  } = {},
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  const user = options.user ?? sessionUser();
  return {
    '/api/menu/dados-usuario': () => jsonResponse(user),
    '/api/permissions': () => jsonResponse(options.permissions ?? ALL_PERMISSIONS),
    '/api/menu/contas': () =>
      jsonResponse(
        options.accounts ?? [{ id: user.account.id, name: user.account.name, current: true }],
      ),
    '/api/crops': () => jsonResponse([]),
    '/api/season-crops': () => jsonResponse([]),
    '/api/plans': () => jsonResponse(PLANS),
    '/api/profiles': () => jsonResponse(PROFILE_LIST),
    '/api/job-titles': () => jsonResponse(JOB_TITLES),
    ...extra,
  };
}

/**
 * jsdom has no matchMedia, so MUI lays the app out for a phone. This answers media queries for a
 * screen `width` pixels wide (min-width / max-width only, which is all the theme's breakpoints use).
 */
export function screenWidth(width: number): void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, value]) =>
      kind === 'min' ? width >= Number(value) : width <= Number(value),
    );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
