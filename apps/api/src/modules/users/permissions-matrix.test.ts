import { permissionsFor, routeAccess, type PermissionCode, type ProfileUid } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import {
  accountSnapshot,
  accountWith,
  bearer,
  identityCounts,
  makeUser,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Who may do what with the identity routes, per customer profile of a Full account. The expected
 * answer of each cell is derived from the domain's permission table (the single source), and a few
 * facts the spec states outright are hard-coded so the table cannot drift from them unnoticed.
 */
const CUSTOMER_PROFILES = [
  'CONTA',
  'FARM',
  'ASSISTENTE_TECNICO',
  'CON_REV',
  'PESQUISA',
] as const satisfies ProfileUid[];
type CustomerProfile = (typeof CUSTOMER_PROFILES)[number];
const FULL = 4;

let app: TestApp;
let accountId: number;
let people: Record<string, { id: number; email: string; token: string }>;
beforeAll(async () => {
  app = await createTestApp();
  ({ accountId, members: people } = await accountWith(app, [...CUSTOMER_PROFILES], {
    planId: FULL,
    maxUsers: 500,
  }));
});
afterAll(() => app.close());

interface Actor {
  id: number;
  token: string;
}
interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}
interface Action {
  name: string;
  /**
   * The permission code the action needs on another member; null: any signed-in user; 'person':
   * a person's own data, which no administrator changes.
   */
  code: PermissionCode | null | 'person';
  /** Status of success. */
  ok: number;
  writes: boolean;
  /** Builds the request; a fresh target member is created for actions on another member. */
  request(actor: Actor, target: { id: number }): Request;
  /** Prepares the target (e.g. inactive for activation). */
  target?: { active?: boolean; recovery?: boolean };
}

let sequence = 0;
const USER_ACTIONS: Action[] = [
  {
    name: 'list users',
    code: 'USER_LISTAR',
    ok: 200,
    writes: false,
    request: () => ({ method: 'GET', url: '/api/users' }),
  },
  {
    name: 'create a user',
    code: 'USER_CADASTRAR',
    ok: 201,
    writes: true,
    request: () => ({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'New Person',
        email: `matrix-${(sequence += 1)}@example.com`,
        profile_id: 4,
        language: 'en',
      },
    }),
  },
  {
    name: 'edit another member',
    code: 'USER_EDITAR',
    ok: 200,
    writes: true,
    request: (_, target) => ({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { name: 'Edited Name', profile_id: 15, language: 'es' },
    }),
  },
  {
    name: 'delete another member',
    code: 'USER_EXCLUIR',
    ok: 204,
    writes: true,
    request: (_, target) => ({ method: 'DELETE', url: `/api/users/${target.id}` }),
  },
  {
    name: 'deactivate another member',
    code: 'USER_EDITAR',
    ok: 200,
    writes: true,
    request: (_, target) => ({
      method: 'PUT',
      url: `/api/users/${target.id}/active`,
      payload: { active: false },
    }),
  },
  {
    name: 'activate another member',
    code: 'USER_EDITAR',
    ok: 200,
    writes: true,
    target: { active: false },
    request: (_, target) => ({
      method: 'PUT',
      url: `/api/users/${target.id}/active`,
      payload: { active: true },
    }),
  },
  {
    name: 'read another member’s phones',
    code: 'USER_VISUALIZAR',
    ok: 200,
    writes: false,
    request: (_, target) => ({ method: 'GET', url: `/api/users/${target.id}/phones` }),
  },
  {
    name: 'add a phone to another member',
    code: 'person',
    ok: 201,
    writes: true,
    request: (_, target) => ({
      method: 'POST',
      url: `/api/users/${target.id}/phones`,
      payload: { phone: '+5511987654321' },
    }),
  },
  {
    name: 'set another member’s job title',
    code: 'USER_EDITAR',
    ok: 204,
    writes: true,
    request: (_, target) => ({
      method: 'POST',
      url: '/api/job-titles',
      payload: { user_id: target.id, job_title_id: 5 },
    }),
  },
  {
    name: 'drop another member’s recovery password',
    code: 'person',
    ok: 204,
    writes: true,
    target: { recovery: true },
    request: (_, target) => ({
      method: 'DELETE',
      url: `/api/users/${target.id}/recovery-password`,
    }),
  },
];

const OWN_ACTIONS: Action[] = [
  {
    name: 'read own session data',
    code: null,
    ok: 200,
    writes: false,
    request: () => ({ method: 'GET', url: '/api/menu/dados-usuario' }),
  },
  {
    name: 'read own permissions',
    code: null,
    ok: 200,
    writes: false,
    request: () => ({ method: 'GET', url: '/api/permissions' }),
  },
  {
    name: 'edit own profile',
    code: null,
    ok: 200,
    writes: true,
    request: () => ({
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Myself Again', language: 'pt', phone: '+5511912345678' },
    }),
  },
  {
    name: 'set own language',
    code: null,
    ok: 204,
    writes: false,
    request: () => ({ method: 'POST', url: '/api/usuarios/idioma/en' }),
  },
  {
    name: 'set own job title',
    code: null,
    ok: 204,
    writes: false,
    request: (actor) => ({
      method: 'POST',
      url: '/api/job-titles',
      payload: { user_id: actor.id, job_title_id: 2 },
    }),
  },
  {
    name: 'read own phones',
    code: null,
    ok: 200,
    writes: false,
    request: (actor) => ({ method: 'GET', url: `/api/users/${actor.id}/phones` }),
  },
  {
    name: 'add an own phone',
    code: null,
    ok: 201,
    writes: false,
    request: (actor) => ({
      method: 'POST',
      url: `/api/users/${actor.id}/phones`,
      payload: { phone: '+12015550123' },
    }),
  },
];

const BACK_OFFICE_ACTIONS: Request[] = [
  { method: 'GET', url: '/admin-api/accounts' },
  {
    method: 'POST',
    url: '/admin-api/accounts',
    payload: {
      name: 'Sneaky',
      country_id: 1,
      plan_id: 4,
      max_users: 99,
      admin: { name: 'Sneaky Admin', email: 'sneaky@example.com', language: 'pt' },
    },
  },
  { method: 'PUT', url: '/admin-api/accounts/:own', payload: { max_users: 10_000 } },
  { method: 'GET', url: '/admin-api/maintenance' },
  { method: 'PUT', url: '/admin-api/maintenance', payload: { enabled: true } },
];

/** What the domain table says: the code at Full, and user management included in the plan. */
function allowedByTable(profile: ProfileUid, code: Action['code']): boolean {
  if (code === null) return true;
  if (code === 'person') return false;
  return (
    routeAccess('users', FULL) === 'allowed' &&
    permissionsFor({ profile, planLevel: FULL }).includes(code)
  );
}

/** Facts the spec states outright (§6), independent of the table. */
const SPEC_FACTS: Partial<Record<CustomerProfile, Partial<Record<string, boolean>>>> = {
  // "ADMIN and CONTA edit, view and create everything"
  // (a person's own name, phones and password excepted: only the person changes them)
  CONTA: Object.fromEntries(USER_ACTIONS.map((a) => [a.name, a.code !== 'person'])),
  // "ASSISTENTE_TECNICO views only": the list and a member's phones, never a change
  ASSISTENTE_TECNICO: Object.fromEntries(
    USER_ACTIONS.map((a) => [
      a.name,
      a.name === 'list users' || a.name === 'read another member’s phones',
    ]),
  ),
  // "CON_REV edits, views and creates except users": no user access at all
  CON_REV: Object.fromEntries(USER_ACTIONS.map((a) => [a.name, false])),
  // "PESQUISA views users" but does not create them
  PESQUISA: { 'list users': true, 'create a user': false, 'delete another member': false },
};

async function prepareTarget(action: Action): Promise<{ id: number }> {
  const target = await makeUser(app.db, {
    accountId,
    profile: 'FARM',
    active: action.target?.active ?? true,
  });
  if (action.target?.recovery) {
    await app.db
      .update(t.users)
      .set({
        recoveryPasswordHash: 'pending',
        recoveryExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .where(eq(t.users.id, target.id));
  }
  return target;
}

const send = (token: string, request: Request) =>
  app.app.inject({
    method: request.method,
    url: request.url.replace(':own', String(accountId)),
    headers: bearer(token),
    ...(request.payload ? { payload: request.payload } : {}),
  });

describe.each(CUSTOMER_PROFILES)('%s in a Full account', (profile) => {
  it.each(USER_ACTIONS.map((action) => [action.name, action] as const))(
    '%s: allowed as the table says, else 403 plan.exception.no_permission changing nothing',
    async (_, action) => {
      const actor = people[profile]!;
      const target = await prepareTarget(action);
      const before = await accountSnapshot(app.db, accountId);
      const response = await send(actor.token, action.request(actor, target));
      const allowed = allowedByTable(profile, action.code);
      const fact = SPEC_FACTS[profile]?.[action.name];
      if (fact !== undefined) expect(allowed).toBe(fact);
      if (allowed) {
        expect(response.statusCode, response.body).toBe(action.ok);
        if (action.writes) expect(await accountSnapshot(app.db, accountId)).not.toEqual(before);
      } else {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 403, key: 'plan.exception.no_permission' });
        expect(await accountSnapshot(app.db, accountId)).toEqual(before);
      }
    },
  );

  it.each(OWN_ACTIONS.map((action) => [action.name, action] as const))(
    '%s: always allowed',
    async (_, action) => {
      const actor = people[profile]!;
      const before = await accountSnapshot(app.db, accountId);
      const response = await send(actor.token, action.request(actor, actor));
      expect(response.statusCode, response.body).toBe(action.ok);
      if (action.writes) expect(await accountSnapshot(app.db, accountId)).not.toEqual(before);
    },
  );

  it('gets 403 exception.action_unauthorized from every back-office call, which changes nothing', async () => {
    const actor = people[profile]!;
    const counts = await identityCounts(app.db);
    const [account] = await app.db.select().from(t.accounts).where(eq(t.accounts.id, accountId));
    for (const request of BACK_OFFICE_ACTIONS) {
      const response = await send(actor.token, request);
      expect({
        request: `${request.method} ${request.url}`,
        status: response.statusCode,
        key: response.json().key,
      }).toEqual({
        request: `${request.method} ${request.url}`,
        status: 403,
        key: 'exception.action_unauthorized',
      });
    }
    expect(await identityCounts(app.db)).toEqual(counts);
    expect((await app.db.select().from(t.accounts).where(eq(t.accounts.id, accountId)))[0]).toEqual(
      account,
    );
    expect(app.maintenance.enabled).toBe(false);
  });

  it('sees user.list in its permissions exactly when it may list users', async () => {
    const codes = (
      await send(people[profile]!.token, { method: 'GET', url: '/api/permissions' })
    ).json<string[]>();
    expect(codes.includes('user.list')).toBe(allowedByTable(profile, 'USER_LISTAR'));
    expect(codes).not.toContain('admin');
  });
});

describe('plan levels: users are an upsell below Full', () => {
  it.each([
    ['Freemium', 5, null],
    ['Light', 1, '2026-01-01'],
    ['Pro', 2, '2026-01-01'],
    ['Lavoura', 3, '2026-01-01'],
  ] as const)(
    'the CONTA of a %s account gets 403 exception.action_unauthorized and writes nothing',
    async (_, planId, contractStart) => {
      const { accountId: account, members } = await accountWith(app, ['CONTA'], {
        planId,
        contractStart,
      });
      const conta = members.CONTA!;
      const other = await makeUser(app.db, { accountId: account, profile: 'FARM' });
      const before = await identityCounts(app.db);
      const snapshot = await accountSnapshot(app.db, account);
      const requests: Request[] = [
        { method: 'GET', url: '/api/users' },
        {
          method: 'POST',
          url: '/api/users',
          payload: {
            name: 'Up Sell',
            email: `upsell-${planId}@example.com`,
            profile_id: 3,
            language: 'pt',
          },
        },
        {
          method: 'PUT',
          url: `/api/users/${other.id}`,
          payload: { name: 'Up Sell', profile_id: 3, language: 'pt' },
        },
        { method: 'DELETE', url: `/api/users/${other.id}` },
        { method: 'PUT', url: `/api/users/${other.id}/active`, payload: { active: false } },
        {
          method: 'POST',
          url: `/api/users/${other.id}/phones`,
          payload: { phone: '+5511987654321' },
        },
        { method: 'POST', url: '/api/job-titles', payload: { user_id: other.id, job_title_id: 3 } },
      ];
      for (const request of requests) {
        const response = await send(conta.token, request);
        expect({
          request: `${request.method} ${request.url}`,
          body: response.json(),
        }).toMatchObject({
          request: `${request.method} ${request.url}`,
          body: { code: 403, key: 'exception.action_unauthorized' },
        });
      }
      expect(await identityCounts(app.db)).toEqual(before);
      expect(await accountSnapshot(app.db, account)).toEqual(snapshot);
      expect(
        (await send(conta.token, { method: 'GET', url: '/api/permissions' })).json(),
      ).not.toContain('user.list');
      // What is their own stays theirs on every plan.
      expect(
        (
          await send(conta.token, {
            method: 'POST',
            url: `/api/users/${conta.id}/phones`,
            payload: { phone: '+5511987654321' },
          })
        ).statusCode,
      ).toBe(201);
    },
  );

  it('the CONTA of a Full account lists the users', async () => {
    const { members } = await accountWith(app, ['CONTA'], { planId: FULL });
    const response = await send(members.CONTA!.token, { method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
  });
});
