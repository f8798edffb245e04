import { vi } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type {
  Language,
  Farm,
  Invitation,
  Member,
  Plan,
  Profile,
  SessionAnswer,
  SessionUser,
} from '@lavoura/domain';
import { PLANS, PROFILES, permissionsFor, withShellKeys } from '@lavoura/domain';
import { SESSION_MAX_AGE_SECONDS, TOKEN_EXPIRES_AT_COOKIE } from '../app/session/cookies';
import { startSession } from '../app/session/session-store';
import { PAYMENT_METHODS, PLAN_TIERS, billingPlans } from './plan-fixtures';
import { precipitationAnswer, weatherAnswer } from './weather-fixtures';

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
    invited: false,
    created_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

const PROFILE_LIST: Profile[] = PROFILES.map((profile) => ({ ...profile }));

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

/**
 * What the browser keeps of a session the server opened: the httpOnly `token` cookie is beyond
 * page scripts (and jsdom's reach here); `token_expires_at` is readable, set here as the browser
 * would store it from the server's Set-Cookie.
 */
export function serverSetsSessionCookies(maxAgeSeconds = SESSION_MAX_AGE_SECONDS): void {
  const expiresAt = Math.floor(Date.now() / 1000) + maxAgeSeconds;
  document.cookie = `${TOKEN_EXPIRES_AT_COOKIE}=${expiresAt}; Max-Age=${maxAgeSeconds}; Path=/`;
}

/** The server's answer to a sign-in or account switch: the body, and the session's cookies. */
export function sessionStarted(answer: SessionAnswer): Response {
  serverSetsSessionCookies();
  return HttpResponse.json(answer);
}

/** A signed-in browser, as after a real login: the session cookies are there. */
export function signIn(): void {
  serverSetsSessionCookies();
  startSession();
}

/**
 * The API calls of a signed-in start (user, permissions, accounts, reference data) answered at
 * the network boundary; `extra` handlers come first, so they replace a default of the same path.
 */
export function sessionHandlers(
  options: {
    user?: SessionUser;
    permissions?: readonly string[];
    accounts?: SessionAnswer['accounts'];
    invitations?: Invitation[];
    farms?: Farm[];
  } = {},
  ...extra: RequestHandler[]
): RequestHandler[] {
  const user = options.user ?? sessionUser();
  return [
    ...extra,
    http.get('/api/menu/dados-usuario', () => HttpResponse.json(user)),
    http.get('/api/permissions', () => HttpResponse.json(options.permissions ?? ALL_PERMISSIONS)),
    http.get('/api/menu/contas', () =>
      HttpResponse.json(
        options.accounts ?? [{ id: user.account.id, name: user.account.name, current: true }],
      ),
    ),
    http.get('/api/crops', () => HttpResponse.json([])),
    http.get('/api/season-crops', () => HttpResponse.json([])),
    http.get('/api/plans', () => HttpResponse.json(PLAN_TIERS)),
    http.get('/payment-api/plans', ({ request }) =>
      HttpResponse.json(
        billingPlans((new URL(request.url).searchParams.get('language') ?? 'pt') as Language),
      ),
    ),
    http.get('/payment-api/payments-methods', () => HttpResponse.json(PAYMENT_METHODS)),
    http.get('/payment-api/provider', () => HttpResponse.json({ kind: 'sandbox' })),
    http.get('/api/profiles', () => HttpResponse.json(PROFILE_LIST)),
    http.get('/api/job-titles', () => HttpResponse.json(JOB_TITLES)),
    http.get('/api/invitations', () => HttpResponse.json(options.invitations ?? [])),
    // No farms unless a test serves some (the farm selector and the menu's plots ask).
    http.get('/api/farms', () => HttpResponse.json(options.farms ?? [])),
    http.get('/api/talhoes/:farmId', () => HttpResponse.json([])),
    // A farm's figures, a plot's page: tests about them serve their own answers.
    http.get('/api/fazendas/:farmId/stats', () =>
      HttpResponse.json({
        total_area: 0,
        total_plots: 0,
        enabled_plots: 0,
        active_sowings: 0,
        next_application: null,
      }),
    ),
    // The account menu's subscription and a Freemium account's daily uses (drawer card).
    http.get('/api/subscription', () => HttpResponse.json(null)),
    http.get('/api/freemium', () =>
      HttpResponse.json(
        user.plan.priority_level === 0
          ? { limit: 5, used: 0, progress: 0 }
          : { limit: null, used: 0, progress: 0 },
      ),
    ),
    http.get('/api/talhoes/:plotId/fazenda/:farmId', () => apiError(404, 'exception.not_found')),
    http.get('/api/talhoes/:plotId/remaining-area', () => apiError(404, 'exception.not_found')),
    // The farm's weather (areas/shared/weather): a simulated week unless a test serves another.
    http.get('/api/farms/:farmId/weather', ({ params }) =>
      HttpResponse.json(weatherAnswer(Number(params.farmId))),
    ),
    http.get('/api/fazendas/:farmId/precipitation', ({ params }) =>
      HttpResponse.json(precipitationAnswer(Number(params.farmId))),
    ),
    // The home's market card (areas/shared/market): nothing quoted unless a test serves quotes.
    http.get('/api/markets', () =>
      HttpResponse.json({ simulated: false, source: 'bcb-ipeadata', quotes: [] }),
    ),
    http.get('/api/market-indexes', () =>
      HttpResponse.json({
        simulated: false,
        source: 'bcb-ipeadata',
        indexes: [],
        unavailable_reason: null,
      }),
    ),
    http.get('/api/dollar-quotation', () =>
      HttpResponse.json({
        simulated: false,
        source: 'bcb-ipeadata',
        usd_brl: 5.4,
        date: '2026-01-02',
        percentage_variation: null,
      }),
    ),
  ];
}

/** The API's error shape, as it answers a refusal. */
export function apiError(status: number, key: string, additionalInfo?: unknown): Response {
  return HttpResponse.json(
    { code: status, key, context: { message: 'refused', additionalInfo } },
    { status },
  );
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
