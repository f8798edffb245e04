import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../../db/bootstrap.ts';
import * as t from '../../db/schema.ts';
import {
  accountWith,
  bearer,
  identityCounts,
  makeUser,
  tokenFor,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Bad input on every identity route that takes a body: wrong types, missing fields, out-of-range
 * values. Each answers 400 in the one error shape naming the failing field, and writes nothing.
 */
let app: TestApp;
const tokens: Record<'none' | 'member' | 'platform', string> = {
  none: '',
  member: '',
  platform: '',
};
let accountId: number;
let memberId: number;
let selfId: number;

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4, maxUsers: 100 });
  accountId = account.accountId;
  tokens.member = account.members.CONTA!.token;
  selfId = account.members.CONTA!.id;
  memberId = (await makeUser(app.db, { accountId, profile: 'FARM' })).id;
  await ensurePlatformAdmin(app.db, { email: 'root@lavoura.test', password: 'Back-office1' });
  tokens.platform = await tokenFor(app, 'root@lavoura.test', 'Back-office1');
});
afterAll(() => app.close());

const long = (n: number) => 'a'.repeat(n);
const MISSING = undefined;

interface Route {
  route: string;
  method: 'POST' | 'PUT';
  url: () => string;
  token: keyof typeof tokens;
  valid: Record<string, unknown>;
  /** [what, change to the valid body (a key set to MISSING is removed) or a whole body, field, key?] */
  bad: [string, Record<string, unknown> | unknown[] | null, string, string?][];
}

const ROUTES: Route[] = [
  {
    route: 'POST /admin-api/register',
    method: 'POST',
    url: () => '/admin-api/register',
    token: 'none',
    valid: {
      name: 'Maria Produtora',
      email: 'maria@example.com',
      password: 'Soja2026ok',
      account_name: 'Fazenda Boa',
      country_id: 1,
      language: 'pt',
    },
    bad: [
      ['a number as name', { name: 5 }, 'body.name', 'field.invalid'],
      ['no name', { name: MISSING }, 'body.name', 'field.required'],
      ['a one-letter name', { name: 'A' }, 'body.name', 'field.too_short'],
      ['a 121-character name', { name: long(121) }, 'body.name', 'field.too_long'],
      ['a NUL character in the name', { name: 'Maria\u0000' }, 'body.name'],
      ['a bad e-mail', { email: 'not-an-email' }, 'body.email', 'field.email'],
      ['a 255-character e-mail', { email: `${long(243)}@example.com` }, 'body.email'],
      ['a weak password', { password: 'weak' }, 'body.password', 'field.password_rule'],
      ['a 129-character password', { password: `Aa1${long(126)}` }, 'body.password'],
      ['a null account name', { account_name: null }, 'body.account_name'],
      [
        'a NUL character in the account name',
        { account_name: 'Fazenda\u0000' },
        'body.account_name',
      ],
      ['an unknown country', { country_id: 9 }, 'body.country_id'],
      ['a country id as text', { country_id: '1' }, 'body.country_id'],
      ['an unknown language', { language: 'fr' }, 'body.language'],
      ['an array body', [], 'body'],
    ],
  },
  {
    route: 'POST /admin-api/login',
    method: 'POST',
    url: () => '/admin-api/login',
    token: 'none',
    valid: { email: 'someone@example.com', password: 'Soja2026ok' },
    bad: [
      ['no e-mail', { email: MISSING }, 'body.email', 'field.required'],
      ['a number as e-mail', { email: 42 }, 'body.email'],
      ['an empty password', { password: '' }, 'body.password'],
      ['a 129-character password', { password: long(129) }, 'body.password'],
      ['no body', null, 'body'],
    ],
  },
  {
    route: 'POST /api/account-active',
    method: 'POST',
    url: () => '/api/account-active',
    token: 'none',
    valid: { email: 'someone@example.com', code: '123456' },
    bad: [
      ['a 5-digit code', { code: '12345' }, 'body.code', 'field.activation_code'],
      ['a numeric code', { code: 123456 }, 'body.code'],
      ['letters in the code', { code: '12345a' }, 'body.code'],
      ['no e-mail', { email: MISSING }, 'body.email', 'field.required'],
    ],
  },
  {
    route: 'POST /api/account-active/resend',
    method: 'POST',
    url: () => '/api/account-active/resend',
    token: 'none',
    valid: { email: 'someone@example.com' },
    bad: [
      ['a bad e-mail', { email: 'x' }, 'body.email', 'field.email'],
      ['no e-mail', { email: MISSING }, 'body.email', 'field.required'],
    ],
  },
  {
    route: 'POST /admin-api/recovery-password',
    method: 'POST',
    url: () => '/admin-api/recovery-password',
    token: 'none',
    valid: { email: 'someone@example.com' },
    bad: [
      ['an array as e-mail', { email: ['someone@example.com'] }, 'body.email'],
      ['a bad e-mail', { email: 'someone@' }, 'body.email', 'field.email'],
    ],
  },
  {
    route: 'POST /admin-api/select-account',
    method: 'POST',
    url: () => '/admin-api/select-account',
    token: 'member',
    valid: { account_id: 1 },
    bad: [
      ['an id as text', { account_id: '1' }, 'body.account_id'],
      ['id 0', { account_id: 0 }, 'body.account_id', 'field.too_small'],
      ['a negative id', { account_id: -1 }, 'body.account_id'],
      ['a fractional id', { account_id: 1.5 }, 'body.account_id'],
      [
        'an id beyond the integer range',
        { account_id: 2_147_483_648 },
        'body.account_id',
        'field.too_big',
      ],
      ['no id', { account_id: MISSING }, 'body.account_id', 'field.required'],
    ],
  },
  {
    route: 'PUT /api/menu/alterar-conta',
    method: 'PUT',
    url: () => '/api/menu/alterar-conta',
    token: 'member',
    valid: { id: 1 },
    bad: [
      ['an id as text', { id: 'one' }, 'body.id'],
      ['a null id', { id: null }, 'body.id'],
      ['no id', { id: MISSING }, 'body.id', 'field.required'],
    ],
  },
  {
    route: 'POST /admin-api/change-password',
    method: 'POST',
    url: () => '/admin-api/change-password',
    token: 'member',
    valid: {
      old_password: 'Plant1ng-season',
      new_password: 'Trigo2027ok',
      password_confirmation: 'Trigo2027ok',
    },
    bad: [
      [
        'a weak new password',
        { new_password: 'trigo', password_confirmation: 'trigo' },
        'body.new_password',
        'field.password_rule',
      ],
      [
        'a confirmation that does not match',
        { password_confirmation: 'Trigo2027no' },
        'body.password_confirmation',
        'field.passwords_do_not_match',
      ],
      ['no current password', { old_password: MISSING }, 'body.old_password', 'field.required'],
      ['an empty current password', { old_password: '' }, 'body.old_password'],
      ['a bad e-mail', { email: 'nobody' }, 'body.email'],
    ],
  },
  {
    route: 'POST /api/users',
    method: 'POST',
    url: () => '/api/users',
    token: 'member',
    valid: {
      name: 'Nova Pessoa',
      email: 'nova@example.com',
      profile_id: 3,
      language: 'pt',
      phone: '+5511987654321',
      farm_ids: [],
    },
    bad: [
      ['no name', { name: MISSING }, 'body.name', 'field.required'],
      ['a NUL character in the name', { name: 'Nova\u0000Pessoa' }, 'body.name'],
      ['a bad e-mail', { email: 'nova' }, 'body.email', 'field.email'],
      ['a profile id as text', { profile_id: 'FARM' }, 'body.profile_id'],
      ['an unknown language', { language: 'de' }, 'body.language'],
      ['an incomplete phone', { phone: '123' }, 'body.phone', 'field.phone'],
      ['farm ids as text', { farm_ids: 'all' }, 'body.farm_ids'],
      ['farm id 0', { farm_ids: [0] }, 'body.farm_ids.0'],
      [
        '501 farm ids',
        { farm_ids: Array.from({ length: 501 }, (_, i) => i + 1) },
        'body.farm_ids',
        'field.too_many',
      ],
    ],
  },
  {
    route: 'PUT /api/users/{id}',
    method: 'PUT',
    url: () => `/api/users/${memberId}`,
    token: 'member',
    valid: { profile_id: 3, farm_ids: [], job_title_id: 3 },
    bad: [
      ['no profile', { profile_id: MISSING }, 'body.profile_id', 'field.required'],
      ['a profile as text', { profile_id: 'FARM' }, 'body.profile_id', 'field.not_a_number'],
      ['a negative farm id', { farm_ids: [-1] }, 'body.farm_ids.0', 'field.too_small'],
      ['a job title as text', { job_title_id: 'boss' }, 'body.job_title_id'],
    ],
  },
  {
    route: 'PUT /api/invitations/{account_id}',
    method: 'PUT',
    url: () => `/api/invitations/${accountId}`,
    token: 'member',
    valid: { accept: true },
    bad: [
      ['no answer', { accept: MISSING }, 'body.accept', 'field.required'],
      ['"yes" as answer', { accept: 'yes' }, 'body.accept'],
    ],
  },
  {
    route: 'PUT /api/users/{id}/active',
    method: 'PUT',
    url: () => `/api/users/${memberId}/active`,
    token: 'member',
    valid: { active: false },
    bad: [
      ['"yes" as active', { active: 'yes' }, 'body.active'],
      ['1 as active', { active: 1 }, 'body.active'],
      ['no active', { active: MISSING }, 'body.active', 'field.required'],
    ],
  },
  {
    route: 'POST /api/users/{id}/phones',
    method: 'POST',
    url: () => `/api/users/${selfId}/phones`,
    token: 'member',
    valid: { phone: '+5511987654321' },
    bad: [
      ['no phone', { phone: MISSING }, 'body.phone', 'field.required'],
      ['a phone without +', { phone: '5511987654321' }, 'body.phone', 'field.phone'],
      ['a numeric phone', { phone: 5511987654321 }, 'body.phone'],
    ],
  },
  {
    route: 'POST /api/job-titles',
    method: 'POST',
    url: () => '/api/job-titles',
    token: 'member',
    valid: { user_id: 1, job_title_id: 2 },
    bad: [
      ['a user id as text', { user_id: '1' }, 'body.user_id'],
      ['job title 0', { job_title_id: 0 }, 'body.job_title_id', 'field.too_small'],
      ['no job title', { job_title_id: MISSING }, 'body.job_title_id', 'field.required'],
    ],
  },
  {
    route: 'PUT /api/profile',
    method: 'PUT',
    url: () => '/api/profile',
    token: 'member',
    valid: { name: 'My Own Name', language: 'en' },
    bad: [
      ['no name', { name: MISSING }, 'body.name', 'field.required'],
      ['a 121-character name', { name: long(121) }, 'body.name', 'field.too_long'],
      ['an unknown language', { language: 'xx' }, 'body.language'],
      ['an invalid phone', { phone: '+55119' }, 'body.phone', 'field.phone'],
    ],
  },
  {
    route: 'POST /admin-api/accounts',
    method: 'POST',
    url: () => '/admin-api/accounts',
    token: 'platform',
    valid: {
      name: 'Cooperativa',
      country_id: 1,
      plan_id: 4,
      max_users: 5,
      contract_start: '2026-01-01',
      contracted_area: 100,
      admin: { name: 'Gestora', email: 'gestora@example.com', language: 'pt' },
    },
    bad: [
      ['a one-letter name', { name: 'C' }, 'body.name'],
      ['an unknown country', { country_id: 9 }, 'body.country_id'],
      ['plan 0', { plan_id: 0 }, 'body.plan_id'],
      ['max_users 0', { max_users: 0 }, 'body.max_users', 'field.too_small'],
      ['max_users 10001', { max_users: 10_001 }, 'body.max_users', 'field.too_big'],
      ['fractional max_users', { max_users: 1.5 }, 'body.max_users'],
      ['an impossible day', { contract_start: '2026-02-30' }, 'body.contract_start', 'field.date'],
      [
        'a day in another format',
        { contract_start: '01/02/2026' },
        'body.contract_start',
        'field.date',
      ],
      ['a negative area', { contracted_area: -5 }, 'body.contracted_area'],
      ['no administrator', { admin: MISSING }, 'body.admin', 'field.required'],
      [
        'a bad administrator e-mail',
        { admin: { name: 'Gestora', email: 'bad', language: 'pt' } },
        'body.admin.email',
      ],
      [
        'a NUL character in the administrator name',
        { admin: { name: 'Ges\u0000tora', email: 'g@example.com', language: 'pt' } },
        'body.admin.name',
      ],
    ],
  },
  {
    route: 'PUT /admin-api/accounts/{id}',
    method: 'PUT',
    url: () => `/admin-api/accounts/${accountId}`,
    token: 'platform',
    valid: { max_users: 50 },
    bad: [
      ['an empty body', { max_users: MISSING }, 'body', 'field.required'],
      ['max_users 0', { max_users: 0 }, 'body.max_users', 'field.too_small'],
      ['a plan id as text', { plan_id: 'full' }, 'body.plan_id'],
      ['month 13', { contract_start: '2026-13-01' }, 'body.contract_start', 'field.date'],
      ['an area as text', { contracted_area: 'big' }, 'body.contracted_area'],
    ],
  },
  {
    route: 'PUT /admin-api/maintenance',
    method: 'PUT',
    url: () => '/admin-api/maintenance',
    token: 'platform',
    valid: { enabled: false },
    bad: [
      ['"true" as text', { enabled: 'true' }, 'body.enabled'],
      ['1 as enabled', { enabled: 1 }, 'body.enabled'],
      ['no enabled', { enabled: MISSING }, 'body.enabled', 'field.required'],
    ],
  },
];

/** Every row a refused call could have touched. */
async function everything() {
  return {
    counts: await identityCounts(app.db),
    users: await app.db.select().from(t.users).orderBy(asc(t.users.id)),
    accounts: await app.db.select().from(t.accounts).orderBy(asc(t.accounts.id)),
    memberships: await app.db.select().from(t.memberships).orderBy(asc(t.memberships.id)),
    phones: await app.db.select().from(t.userPhones).orderBy(asc(t.userPhones.id)),
    settings: await app.db.select().from(t.settings),
    loginAttempts: await app.db.select().from(t.loginAttempts),
    revokedTokens: await app.db.select().from(t.revokedTokens),
  };
}

function bodyOf(
  valid: Record<string, unknown>,
  change: Record<string, unknown> | unknown[] | null,
): unknown {
  if (change === null || Array.isArray(change)) return change;
  const body: Record<string, unknown> = { ...valid, ...change };
  for (const [key, value] of Object.entries(change)) if (value === MISSING) delete body[key];
  return body;
}

describe('every identity route with a body is listed here', () => {
  it('matches the OpenAPI document', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; tags?: string[] }>>;
    }>();
    // Each area keeps its own table of bad bodies (farms: farms/bad-input.test.ts).
    const identity = new Set(['session', 'users', 'accounts', 'back office', 'reference']);
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody !== undefined)
        .filter(([, operation]) => operation.tags?.some((tag) => identity.has(tag)))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withBody.sort()).toEqual(ROUTES.map((r) => r.route).sort());
  });
});

describe.each(ROUTES.map((route) => [route.route, route] as const))('%s', (_, route) => {
  it.each(route.bad.map(([what, change, field, key]) => [what, change, field, key] as const))(
    'answers 400 for %s naming the field, and writes nothing',
    async (_what, change, field, key) => {
      const before = await everything();
      const body = bodyOf(route.valid, change);
      const response = await app.app.inject({
        method: route.method,
        url: route.url(),
        headers: {
          ...(route.token === 'none' ? {} : bearer(tokens[route.token])),
          ...(body === null ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === null ? {} : { payload: JSON.stringify(body) }),
      });
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json();
      expect(answer).toEqual({
        code: 400,
        key: 'exception.validation_error',
        context: { message: expect.any(String), additionalInfo: expect.any(Array) },
      });
      const fields = answer.context.additionalInfo as {
        field: string;
        key: string;
        message: string;
        limit?: number;
      }[];
      expect(fields.length).toBeGreaterThan(0);
      for (const entry of fields) {
        // A size rule names its limit, for the form's text to state it.
        const sized = /^field\.too_(small|big|short|long|few|many)$/.test(entry.key);
        expect(entry).toEqual({
          field: expect.any(String),
          key: expect.stringMatching(/^field\./),
          message: expect.any(String),
          ...(sized ? { limit: expect.any(Number) } : {}),
        });
      }
      if (key === 'field.too_long' && field === 'body.name') {
        expect(fields[0]?.limit).toBe(120);
      }
      // Only the broken field fails: the rest of the body is valid.
      expect(new Set(fields.map((f) => f.field))).toEqual(new Set([field]));
      if (key) expect(fields.map((f) => f.key)).toContain(key);
      expect(await everything()).toEqual(before);
      expect(app.maintenance.enabled).toBe(false);
    },
  );
});

describe('authentication comes before validation', () => {
  it('answers 401 to a bad body without a token, and 403 to a bad body from a member without the right', async () => {
    const noToken = await app.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 5 },
    });
    expect(noToken.json()).toMatchObject({ code: 401, key: 'exception.token_not_provided' });
    const { members } = await accountWith(app, ['CON_REV'], { planId: 4 });
    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(members.CON_REV!.token),
      payload: { name: 5 },
    });
    expect(refused.json()).toMatchObject({ code: 403, key: 'plan.exception.no_permission' });
    const customer = await app.app.inject({
      method: 'PUT',
      url: '/admin-api/maintenance',
      headers: bearer(tokens.member),
      payload: { enabled: 'x' },
    });
    expect(customer.json()).toMatchObject({ code: 403, key: 'exception.action_unauthorized' });
  });

  it('still lets the signed-in user change their own data with a valid body (the table’s bodies are valid)', async () => {
    const response = await app.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(tokens.member),
      payload: { name: 'My Own Name', language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(selfId);
  });
});
