import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../../db/bootstrap.ts';
import * as t from '../../db/schema.ts';
import { MaintenanceService } from '../settings/maintenance.service.ts';
import {
  accountWith,
  bearer,
  identityCounts,
  login,
  mailsTo,
  makeUser,
  tokenFor,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ADMIN = { email: 'root@lavoura.test', password: 'Back-office1' };

let app: TestApp;
let adminToken: string;
beforeAll(async () => {
  app = await createTestApp();
  expect(await ensurePlatformAdmin(app.db, ADMIN)).toBe(true);
  adminToken = await tokenFor(app, ADMIN.email, ADMIN.password);
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: Record<string, unknown>) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const setAccount = (id: number, changes: Record<string, unknown>) =>
  call('PUT', `/admin-api/accounts/${id}`, adminToken, changes);
const newAccount = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Cooperativa Nova',
  country_id: 1,
  plan_id: 4,
  max_users: 3,
  contract_start: '2026-01-01',
  contracted_area: 1200.5,
  admin: { name: 'Helena Gestora', email, language: 'es' },
  ...extra,
});

describe('the platform administrator', () => {
  it('is created once by ensurePlatformAdmin, not twice', async () => {
    expect(
      await ensurePlatformAdmin(app.db, { email: ADMIN.email, password: 'Another-pass1' }),
    ).toBe(false);
    const [users] = await app.db
      .select({ n: count() })
      .from(t.users)
      .where(eq(t.users.email, ADMIN.email));
    expect(users!.n).toBe(1);
    const [internal] = await app.db
      .select({ n: count() })
      .from(t.accounts)
      .where(eq(t.accounts.internal, true));
    expect(internal!.n).toBe(1);
    // The first password stands.
    expect((await login(app, ADMIN.email, 'Another-pass1')).statusCode).toBe(401);
    const session = (await login(app, ADMIN.email, ADMIN.password)).json();
    expect(session.user.user_profile.uid).toBe('ADMIN');
    expect((await call('GET', '/api/permissions', session.token)).json()).toContain('admin');
  });

  it('lists accounts with plan, max_users and active users', async () => {
    const { accountId } = await accountWith(app, ['CONTA', 'FARM'], {
      planId: 2,
      maxUsers: 4,
      name: 'Listed Farm',
    });
    const listed = await call('GET', '/admin-api/accounts', adminToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: accountId,
          name: 'Listed Farm',
          plan: expect.objectContaining({ id: 2, priority_level: 2 }),
          max_users: 4,
          active_users: 2,
          internal: false,
        }),
        expect.objectContaining({ name: 'Lavoura', internal: true }),
      ]),
    );
  });

  it('creates an account whose administrator gets a temporary password by e-mail (in their language)', async () => {
    const email = 'helena@cooperativa.test';
    const created = await call('POST', '/admin-api/accounts', adminToken, newAccount(email));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Cooperativa Nova',
      plan: { id: 4, priority_level: 4 },
      max_users: 3,
      active_users: 1,
      contract_start: '2026-01-01',
      contracted_area: 1200.5,
      internal: false,
    });
    const [mail] = await mailsTo(app, email);
    expect(mail!.subject).toBe('Su acceso a Lavoura');
    const temporary = /contraseña temporal ([A-Za-z0-9]+)\./.exec(mail!.text)?.[1];
    expect(temporary).toBeTruthy();
    const session = await login(app, email, temporary);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      is_first_login: true,
      user: {
        language: 'es',
        user_profile: { uid: 'CONTA' },
        account: { id: created.json().id, max_users: 3 },
      },
    });
    expect((await call('GET', '/api/users', session.json().token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown plan or account, writing nothing', async () => {
    const before = await identityCounts(app.db);
    const unknownPlan = await call(
      'POST',
      '/admin-api/accounts',
      adminToken,
      newAccount('noplan@example.com', { plan_id: 99 }),
    );
    expect(unknownPlan.json()).toMatchObject({ code: 404, key: 'exception.plan_not_found' });
    expect((await setAccount(999_999, { max_users: 3 })).json()).toMatchObject({
      code: 404,
      key: 'exception.account_not_found',
    });
    expect(await identityCounts(app.db)).toEqual(before);
    expect(await mailsTo(app, 'noplan@example.com')).toHaveLength(0);
  });
});

describe('changing an account', () => {
  it('sets the plan: the account’s administrator immediately loses and regains /api/users', async () => {
    const { accountId, members } = await accountWith(app, ['CONTA'], { planId: 4 });
    const token = members.CONTA!.token;
    expect((await call('GET', '/api/users', token)).statusCode).toBe(200);

    const toPro = await setAccount(accountId, { plan_id: 2 });
    expect(toPro.json()).toMatchObject({ id: accountId, plan: { id: 2, priority_level: 2 } });
    expect((await call('GET', '/api/users', token)).json()).toMatchObject({
      code: 403,
      key: 'exception.action_unauthorized',
    });
    expect((await call('GET', '/api/menu/dados-usuario', token)).json().plan).toMatchObject({
      id: 2,
    });
    expect((await call('GET', '/api/permissions', token)).json()).not.toContain('SEMEADURA_LISTAR');

    await setAccount(accountId, { plan_id: 4 });
    expect((await call('GET', '/api/users', token)).statusCode).toBe(200);
    expect((await setAccount(accountId, { plan_id: 42 })).json()).toMatchObject({
      code: 404,
      key: 'exception.plan_not_found',
    });
    expect((await call('GET', '/api/menu/dados-usuario', token)).json().plan.id).toBe(4);
  });

  it('sets a contract start in the future: the account’s users are told the date at login', async () => {
    const { accountId, members } = await accountWith(app, ['CONTA', 'FARM'], { planId: 3 });
    expect((await setAccount(accountId, { contract_start: '2099-06-15' })).json()).toMatchObject({
      contract_start: '2099-06-15',
    });
    // Sessions opened before end at once, with the reason a login would give.
    for (const url of ['/admin-api/token-refresh', '/api/menu/dados-usuario']) {
      expect(
        (await call(url.startsWith('/admin') ? 'POST' : 'GET', url, members.CONTA!.token)).json(),
      ).toMatchObject({
        code: 401,
        key: 'exception.contract_not_started',
        context: { additionalInfo: { date: '2099-06-15' } },
      });
    }
    for (const member of Object.values(members)) {
      expect((await login(app, member.email)).json()).toMatchObject({
        code: 403,
        key: 'exception.contract_not_started',
        context: { additionalInfo: { date: '2099-06-15' } },
      });
    }
    await setAccount(accountId, { contract_start: '2025-06-15' });
    expect((await login(app, members.FARM!.email)).statusCode).toBe(200);
    await setAccount(accountId, { contract_start: null });
    expect((await login(app, members.FARM!.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.no_contracts',
    });
  });

  it('sets max_users: the user limit follows', async () => {
    const { accountId, members } = await accountWith(app, ['CONTA'], { planId: 4, maxUsers: 10 });
    await makeUser(app.db, { accountId, profile: 'FARM' });
    const lowered = await setAccount(accountId, { max_users: 2 });
    expect(lowered.json()).toMatchObject({ max_users: 2, active_users: 2 });
    expect(
      (await call('GET', '/api/menu/dados-usuario', members.CONTA!.token)).json().account.max_users,
    ).toBe(2);
    const payload = {
      name: 'One Too Many',
      email: 'one-too-many@example.com',
      profile_id: 3,
      language: 'pt',
    };
    expect((await call('POST', '/api/users', members.CONTA!.token, payload)).json()).toMatchObject({
      code: 400,
      key: 'exception.users.exceeded_limit',
      context: { additionalInfo: { max_users: 2 } },
    });
    await setAccount(accountId, { max_users: 3 });
    expect((await call('POST', '/api/users', members.CONTA!.token, payload)).statusCode).toBe(201);
  });
});

describe('maintenance at run time', () => {
  it('answers every API call 503 while on, keeps /healthz and the switch reachable, and serves again when off', async () => {
    const { members } = await accountWith(app, ['CONTA']);
    const customer = members.CONTA!.token;
    try {
      const on = await call('PUT', '/admin-api/maintenance', adminToken, { enabled: true });
      expect(on.json()).toEqual({ enabled: true });
      expect(await new MaintenanceService(app.db, { enabled: false }).stored()).toBe(true);

      for (const [method, url] of [
        ['GET', '/api/menu/dados-usuario'],
        ['GET', '/api/users'],
        ['GET', '/api/crops'],
        ['POST', '/admin-api/token-refresh'],
        ['GET', '/admin-api/accounts'],
      ] as const) {
        const response = await call(method, url, customer);
        expect({ url, status: response.statusCode, key: response.json().key }).toEqual({
          url,
          status: 503,
          key: 'exception.maintenance',
        });
      }
      expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await call('GET', '/admin-api/maintenance', adminToken)).json()).toEqual({
        enabled: true,
      });
      // The switch stays reachable, but only for the platform administrator.
      expect(
        (await call('PUT', '/admin-api/maintenance', customer, { enabled: false })).json(),
      ).toMatchObject({
        code: 403,
        key: 'exception.action_unauthorized',
      });
      expect(app.maintenance.enabled).toBe(true);

      const off = await call('PUT', '/admin-api/maintenance', adminToken, { enabled: false });
      expect(off.json()).toEqual({ enabled: false });
      expect(await new MaintenanceService(app.db, { enabled: false }).stored()).toBe(false);
      expect((await call('GET', '/api/menu/dados-usuario', customer)).statusCode).toBe(200);
      expect((await call('GET', '/api/crops', customer)).statusCode).toBe(200);
    } finally {
      app.maintenance.enabled = false;
    }
  });
});
