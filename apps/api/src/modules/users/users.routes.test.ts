import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import {
  PASSWORD,
  accountWith,
  bearer,
  identityCounts,
  login,
  mailsTo,
  makeAccount,
  makeUser,
  tokenFor,
  userRow,
} from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  app.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const me = async (token: string) => (await call('GET', '/api/menu/dados-usuario', token)).json();
const members = async (token: string) =>
  (await call('GET', '/api/users', token)).json<
    { id: number; email: string; name: string; active: boolean }[]
  >();
const newMember = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Paula Agrônoma',
  email,
  profile_id: 3,
  language: 'pt',
  ...extra,
});
const PASSWORD_IN_MAIL = {
  pt: /senha temporária ([A-Za-z0-9]+)\./,
  en: /temporary password ([A-Za-z0-9]+)\./,
  es: /contraseña temporal ([A-Za-z0-9]+)\./,
} as const;
const SUBJECT = {
  pt: 'Seu acesso ao Lavoura',
  en: 'Your access to Lavoura',
  es: 'Su acceso a Lavoura',
} as const;

async function membership(accountId: number, userId: number) {
  const [row] = await app.db
    .select()
    .from(t.memberships)
    .where(and(eq(t.memberships.accountId, accountId), eq(t.memberships.userId, userId)));
  return row;
}

/** A Full account with its administrator (CONTA) signed in. */
async function fullAccount(maxUsers = 50) {
  const { accountId, members } = await accountWith(app, ['CONTA'], {
    planId: 4,
    maxUsers,
    name: `Fazenda ${maxUsers}-${Math.random()}`,
  });
  return { accountId, admin: members.CONTA! };
}

describe('GET /api/users', () => {
  it('lists the account’s members with profile, state and phones', async () => {
    const { accountId, admin } = await fullAccount();
    const farm = await makeUser(app.db, { accountId, profile: 'FARM', name: 'Bruno' });
    await app.db.insert(t.userPhones).values({ userId: farm.id, phone: '+5511987654321' });
    const list = await call('GET', '/api/users', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: admin.id,
          profile: expect.objectContaining({ uid: 'CONTA', id: 2 }),
          active: true,
        }),
        expect.objectContaining({
          id: farm.id,
          name: 'Bruno',
          profile: expect.objectContaining({ uid: 'FARM' }),
          phones: ['+5511987654321'],
        }),
      ]),
    );
    expect(list.json()).toHaveLength(2);
  });
});

describe('POST /api/users', () => {
  it.each(['pt', 'en', 'es'] as const)(
    'e-mails a new person (%s) a temporary password with which they log in at a first login',
    async (language) => {
      const { admin } = await fullAccount();
      const email = `new-${language}-${Date.now()}@example.com`;
      const created = await call(
        'POST',
        '/api/users',
        admin.token,
        newMember(email, { language, phone: '+5511987654321' }),
      );
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        email,
        language,
        active: true,
        activated: true,
        profile: { uid: 'FARM' },
        phones: ['+5511987654321'],
      });

      const mails = await mailsTo(app, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(SUBJECT[language]);
      const temporary = PASSWORD_IN_MAIL[language].exec(mails[0]!.text)?.[1];
      expect(temporary).toBeTruthy();
      expect(mails[0]!.text).toContain('http://lavoura.test/v3/login');

      const session = await login(app, email, temporary);
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({
        is_first_login: true,
        user: { first_login: 'Y', email, language },
      });
      expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
    },
  );

  it('invites someone who already uses Lavoura: the answer shows only what was typed, the person accepts at their next sign-in', async () => {
    const { accountId, admin } = await fullAccount();
    const elsewhere = await makeAccount(app.db, { name: 'Other farm' });
    const existing = await makeUser(app.db, {
      accountId: elsewhere,
      profile: 'CONTA',
      name: 'Carlos Existing',
    });
    await call('POST', `/api/users/${existing.id}/phones`, await tokenFor(app, existing.email), {
      phone: '+5511987654321',
    });
    const before = await identityCounts(app.db);

    const added = await call(
      'POST',
      '/api/users',
      admin.token,
      newMember(existing.email.toUpperCase(), { name: 'Typed Name', language: 'es' }),
    );
    expect(added.statusCode).toBe(201);
    // Nothing of the person from their other account: no name, phones, language or job title.
    expect(added.json()).toEqual(
      expect.objectContaining({
        id: existing.id,
        name: 'Typed Name',
        language: 'es',
        phones: [],
        job_title_id: null,
        invited: true,
        profile: expect.objectContaining({ uid: 'FARM' }),
      }),
    );
    expect(JSON.stringify(added.json())).not.toMatch(/Carlos|987654321/);
    expect((await call('GET', `/api/users/${existing.id}/phones`, admin.token)).json()).toEqual([]);
    expect(await identityCounts(app.db)).toEqual({
      ...before,
      memberships: before.memberships! + 1,
    });
    const [mail] = await mailsTo(app, existing.email);
    expect(mail!.subject).toBe('Convite para uma conta do Lavoura');
    expect(mail!.text).not.toMatch(PASSWORD_IN_MAIL.pt);

    // Until accepted the account is not one of theirs.
    const session = await login(app, existing.email);
    expect(session.statusCode).toBe(200);
    expect(session.json().accounts.map((a: { id: number }) => a.id)).toEqual([elsewhere]);
    const token = session.json().token as string;
    const refused = await call('POST', '/admin-api/select-account', token, {
      account_id: accountId,
    });
    expect(refused.statusCode).toBe(404);
    const invitations = await call('GET', '/api/invitations', token);
    expect(invitations.json()).toEqual([
      expect.objectContaining({ account: expect.objectContaining({ id: accountId }) }),
    ]);

    const accepted = await call('PUT', `/api/invitations/${accountId}`, token, { accept: true });
    expect(accepted.statusCode).toBe(204);
    expect((await call('GET', '/api/invitations', token)).json()).toEqual([]);
    const again = await login(app, existing.email);
    expect(
      again
        .json()
        .accounts.map((a: { id: number }) => a.id)
        .sort(),
    ).toEqual([accountId, elsewhere].sort());
    const listed = (await members(admin.token)).find((m) => m.id === existing.id);
    expect(listed).toMatchObject({ name: 'Carlos Existing', invited: false });
  });

  it('lets the invited person decline: the invitation is gone and the account never appears', async () => {
    const { accountId, admin } = await fullAccount();
    const elsewhere = await makeAccount(app.db, { name: 'Other farm' });
    const existing = await makeUser(app.db, { accountId: elsewhere, profile: 'CONTA' });
    await call('POST', '/api/users', admin.token, newMember(existing.email));
    const token = await tokenFor(app, existing.email);
    const declined = await call('PUT', `/api/invitations/${accountId}`, token, { accept: false });
    expect(declined.statusCode).toBe(204);
    expect((await members(admin.token)).map((m) => m.id)).not.toContain(existing.id);
    const twice = await call('PUT', `/api/invitations/${accountId}`, token, { accept: true });
    expect(twice.json()).toMatchObject({ code: 404, key: 'exception.invitation_not_found' });
    expect((await login(app, existing.email)).json().accounts).toHaveLength(1);
  });

  it('answers 409 to ten simultaneous additions of one new e-mail and creates one member', async () => {
    const { admin } = await fullAccount();
    const before = await identityCounts(app.db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/users', admin.token, newMember('race@example.com')),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201))
      expect(answer.json()).toMatchObject({ code: 409, key: 'exception.user_already_exists' });
    expect(await identityCounts(app.db)).toMatchObject({
      users: before.users! + 1,
      memberships: before.memberships! + 1,
    });
  });

  it('answers 409 user_already_exists for a member of the account, and writes nothing', async () => {
    const { accountId, admin } = await fullAccount();
    const member = await makeUser(app.db, { accountId, profile: 'FARM' });
    const before = await identityCounts(app.db);
    const again = await call('POST', '/api/users', admin.token, newMember(member.email));
    expect(again.json()).toMatchObject({ code: 409, key: 'exception.user_already_exists' });
    const self = await call('POST', '/api/users', admin.token, newMember(admin.email));
    expect(self.json()).toMatchObject({ code: 409, key: 'exception.user_already_exists' });
    expect(await identityCounts(app.db)).toEqual(before);
    expect(await mailsTo(app, member.email)).toHaveLength(0);
  });

  it.each([
    ['ADMIN', 1],
    ['FINANCEIRO', 5],
    ['TEC_DGF', 10],
    ['an unknown profile', 99],
  ])(
    'refuses to assign %s (400 profile_not_assignable) and writes nothing',
    async (_, profileId) => {
      const { admin } = await fullAccount();
      const before = await identityCounts(app.db);
      const email = `internal-${profileId}-${Date.now()}@example.com`;
      const created = await call(
        'POST',
        '/api/users',
        admin.token,
        newMember(email, { profile_id: profileId }),
      );
      expect(created.json()).toMatchObject({
        code: 400,
        key: 'exception.users.profile_not_assignable',
      });
      expect(await identityCounts(app.db)).toEqual(before);
      expect(await mailsTo(app, email)).toHaveLength(0);
    },
  );

  it('answers 400 farm_not_found for farm ids (no farm exists yet), when creating and editing', async () => {
    const { accountId, admin } = await fullAccount();
    const before = await identityCounts(app.db);
    const created = await call(
      'POST',
      '/api/users',
      admin.token,
      newMember(`farms-${Date.now()}@example.com`, { farm_ids: [1] }),
    );
    expect(created.json()).toMatchObject({ code: 400, key: 'exception.farm_not_found' });
    expect(await identityCounts(app.db)).toEqual(before);

    const member = await makeUser(app.db, { accountId, profile: 'FARM', name: 'Unchanged' });
    const edited = await call('PUT', `/api/users/${member.id}`, admin.token, {
      name: 'Changed',
      profile_id: 3,
      language: 'pt',
      farm_ids: [7],
    });
    expect(edited.json()).toMatchObject({ code: 400, key: 'exception.farm_not_found' });
    expect((await userRow(app.db, member.email))!.name).toBe('Unchanged');
  });
});

describe('the user limit (max_users)', () => {
  it('refuses a creation beyond max_users with 400 and {max_users}, writing nothing', async () => {
    const { accountId, admin } = await fullAccount(3);
    await makeUser(app.db, { accountId, profile: 'FARM' });
    expect(
      (await call('POST', '/api/users', admin.token, newMember(`third-${Date.now()}@example.com`)))
        .statusCode,
    ).toBe(201);

    const before = await identityCounts(app.db);
    const email = `fourth-${Date.now()}@example.com`;
    const refused = await call('POST', '/api/users', admin.token, newMember(email));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 400,
      key: 'exception.users.exceeded_limit',
      context: { additionalInfo: { max_users: 3 } },
    });
    const elsewhere = await makeUser(app.db, { accountId: await makeAccount(app.db) });
    const existing = await call('POST', '/api/users', admin.token, newMember(elsewhere.email));
    expect(existing.json()).toMatchObject({ key: 'exception.users.exceeded_limit' });
    expect(await identityCounts(app.db)).toEqual({
      ...before,
      users: before.users! + 1,
      accounts: before.accounts! + 1,
      memberships: before.memberships! + 1,
    });
    expect(await userRow(app.db, email)).toBeUndefined();
    expect(await mailsTo(app, email)).toHaveLength(0);
    expect(await membership(accountId, elsewhere.id)).toBeUndefined();
  });

  it('always allows deactivating, refuses activating beyond the limit, and a deactivated member’s token answers 401', async () => {
    const { accountId, admin } = await fullAccount(2);
    const member = await makeUser(app.db, { accountId, profile: 'FARM' });
    const waiting = await makeUser(app.db, {
      accountId,
      profile: 'ASSISTENTE_TECNICO',
      active: false,
    });
    const memberToken = await tokenFor(app, member.email);
    expect((await me(memberToken)).total_users).toBe(2);

    const activate = await call('PUT', `/api/users/${waiting.id}/active`, admin.token, {
      active: true,
    });
    expect(activate.json()).toMatchObject({
      code: 400,
      key: 'exception.users.exceeded_limit',
      context: { additionalInfo: { max_users: 2 } },
    });
    expect((await membership(accountId, waiting.id))!.active).toBe(false);

    const deactivate = await call('PUT', `/api/users/${member.id}/active`, admin.token, {
      active: false,
    });
    expect(deactivate.statusCode).toBe(200);
    expect(deactivate.json()).toMatchObject({ id: member.id, active: false });
    const refused = await call('GET', '/api/menu/dados-usuario', memberToken);
    expect(refused.json()).toMatchObject({ code: 401, key: 'exception.user_inactive' });
    expect((await login(app, member.email)).json()).toMatchObject({
      code: 403,
      key: 'exception.user_inactive',
    });

    const freed = await call('PUT', `/api/users/${waiting.id}/active`, admin.token, {
      active: true,
    });
    expect(freed.json()).toMatchObject({ id: waiting.id, active: true });
    expect((await me(admin.token)).total_users).toBe(2);
    expect(
      (await call('PUT', `/api/users/${member.id}/active`, admin.token, { active: true })).json(),
    ).toMatchObject({
      key: 'exception.users.exceeded_limit',
    });
  });

  it('deactivates even when the account is above its limit (lowered by the back office)', async () => {
    const { accountId, admin } = await fullAccount(5);
    const a = await makeUser(app.db, { accountId, profile: 'FARM' });
    await makeUser(app.db, { accountId, profile: 'FARM' });
    await app.db.update(t.accounts).set({ maxUsers: 1 }).where(eq(t.accounts.id, accountId));
    const response = await call('PUT', `/api/users/${a.id}/active`, admin.token, { active: false });
    expect(response.statusCode).toBe(200);
    expect((await membership(accountId, a.id))!.active).toBe(false);
  });
});

describe('acting on oneself', () => {
  it('refuses to deactivate, delete or change the profile of oneself (400 cannot_change_self)', async () => {
    const { accountId, admin } = await fullAccount();
    const before = await membership(accountId, admin.id);
    const deactivate = await call('PUT', `/api/users/${admin.id}/active`, admin.token, {
      active: false,
    });
    expect(deactivate.json()).toMatchObject({
      code: 400,
      key: 'exception.users.cannot_change_self',
    });
    const remove = await call('DELETE', `/api/users/${admin.id}`, admin.token);
    expect(remove.json()).toMatchObject({ code: 400, key: 'exception.users.cannot_change_self' });
    const demote = await call('PUT', `/api/users/${admin.id}`, admin.token, {
      profile_id: 3,
      farm_ids: [],
    });
    expect(demote.json()).toMatchObject({ code: 400, key: 'exception.users.cannot_change_self' });
    expect(await membership(accountId, admin.id)).toEqual(before);
    expect((await me(admin.token)).user_profile.uid).toBe('CONTA');

    const same = await call('PUT', `/api/users/${admin.id}`, admin.token, {
      profile_id: 2,
      job_title_id: 3,
    });
    expect(same.json()).toMatchObject({ profile: { uid: 'CONTA' }, job_title_id: 3 });
  });
});

describe('PUT and DELETE /api/users/{id}', () => {
  it('changes another member’s profile and job title, which changes what they may do, and never their name, language or phones', async () => {
    const { accountId, admin } = await fullAccount();
    const member = await makeUser(app.db, { accountId, profile: 'FARM', name: 'Paula Own' });
    const memberToken = await tokenFor(app, member.email);
    expect(await (await call('GET', '/api/permissions', memberToken)).json()).toContain(
      'SEMEADURA_CADASTRAR',
    );

    const edited = await call('PUT', `/api/users/${member.id}`, admin.token, {
      name: 'Olga Observer',
      profile_id: 4,
      language: 'en',
      phone: '+12015550123',
      job_title_id: 3,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Paula Own',
      language: 'pt',
      profile: { uid: 'ASSISTENTE_TECNICO' },
      job_title_id: 3,
      phones: [],
    });
    const permissions = (await call('GET', '/api/permissions', memberToken)).json();
    expect(permissions).not.toContain('SEMEADURA_CADASTRAR');
    expect(permissions).toContain('SEMEADURA_LISTAR');
    expect(await me(memberToken)).toMatchObject({
      name: 'Paula Own',
      language: 'pt',
      user_profile: { uid: 'ASSISTENTE_TECNICO' },
    });
  });

  it('removes a member from this account only: their token stops working, their other account stays', async () => {
    const { accountId, admin } = await fullAccount();
    const otherAccount = await makeAccount(app.db, { name: 'Zeta other' });
    const member = await makeUser(app.db, { accountId: otherAccount, profile: 'CONTA' });
    await app.db.insert(t.memberships).values({ accountId, userId: member.id, profileId: 3 });
    await app.db.update(t.users).set({ lastAccountId: accountId }).where(eq(t.users.id, member.id));
    const memberToken = await tokenFor(app, member.email);
    expect((await me(memberToken)).account.id).toBe(accountId);

    const removed = await call('DELETE', `/api/users/${member.id}`, admin.token);
    expect(removed.statusCode).toBe(204);
    expect((await members(admin.token)).map((m) => m.id)).not.toContain(member.id);
    expect((await call('GET', '/api/menu/dados-usuario', memberToken)).statusCode).toBe(401);
    const session = await login(app, member.email);
    expect(session.statusCode).toBe(200);
    expect(session.json().accounts).toEqual([expect.objectContaining({ id: otherAccount })]);

    expect((await call('DELETE', `/api/users/${member.id}`, admin.token)).json()).toMatchObject({
      code: 404,
      key: 'exception.user_not_found',
    });
  });

  it('lets only the person drop their pending recovery password, not an administrator', async () => {
    const { accountId, admin } = await fullAccount();
    const member = await makeUser(app.db, { accountId, profile: 'FARM' });
    await app.app.inject({
      method: 'POST',
      url: '/admin-api/recovery-password',
      payload: { email: member.email },
    });
    const temporary = /senha temporária ([A-Za-z0-9]+) /.exec(
      (await mailsTo(app, member.email))[0]!.text,
    )?.[1];
    expect(temporary).toBeTruthy();
    const byAdmin = await call('DELETE', `/api/users/${member.id}/recovery-password`, admin.token);
    expect(byAdmin.json()).toMatchObject({ code: 403, key: 'plan.exception.no_permission' });
    const session = await login(app, member.email, temporary);
    expect(session.json().recovery_password).toBe(true);
    const dropped = await call(
      'DELETE',
      `/api/users/${member.id}/recovery-password`,
      session.json().token as string,
    );
    expect(dropped.statusCode).toBe(204);
    expect((await login(app, member.email, temporary)).statusCode).toBe(401);
    expect((await login(app, member.email)).statusCode).toBe(200);
  });
});

describe('phones', () => {
  it.each([
    ['Brazil', '+5511987654321'],
    ['the United States', '+12015550123'],
    ['Paraguay', '+595961456789'],
  ])('adds a complete E.164 number of %s and lists it once', async (_, phone) => {
    const { accountId, admin } = await fullAccount();
    const member = await makeUser(app.db, { accountId, profile: 'FARM' });
    const own = await tokenFor(app, member.email);
    const byAdmin = await call('POST', `/api/users/${member.id}/phones`, admin.token, { phone });
    expect(byAdmin.statusCode).toBe(403);
    const added = await call('POST', `/api/users/${member.id}/phones`, own, { phone });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual([phone]);
    await call('POST', `/api/users/${member.id}/phones`, own, { phone });
    const listed = await call('GET', `/api/users/${member.id}/phones`, admin.token);
    expect(listed.json()).toEqual([phone]);
  });

  it.each([
    ['a French number', '+33612345678'],
    ['an Argentine number', '+5491123456789'],
    ['an incomplete number', '+551198765'],
    ['a number without country code', '11987654321'],
    ['a formatted number', '+55 11 98765-4321'],
    ['letters', '+55abc'],
  ])('refuses %s with 400 naming body.phone', async (_, phone) => {
    const { accountId } = await fullAccount();
    const member = await makeUser(app.db, { accountId, profile: 'FARM' });
    const own = await tokenFor(app, member.email);
    const before = await identityCounts(app.db);
    const refused = await call('POST', `/api/users/${member.id}/phones`, own, { phone });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'body.phone', key: 'field.phone' }),
    ]);
    expect(await identityCounts(app.db)).toEqual(before);
  });

  it('lets any member manage their own phones', async () => {
    const { members: people } = await accountWith(app, ['ASSISTENTE_TECNICO']);
    const observer = people.ASSISTENTE_TECNICO!;
    expect(
      (
        await call('POST', `/api/users/${observer.id}/phones`, observer.token, {
          phone: '+5511987654321',
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('GET', `/api/users/${observer.id}/phones`, observer.token)).json()).toEqual([
      '+5511987654321',
    ]);
  });
});

describe('job titles', () => {
  it('lets a user choose their own job title but not an internal one', async () => {
    const { members: people } = await accountWith(app, ['FARM']);
    const farm = people.FARM!;
    const chosen = await call('POST', '/api/job-titles', farm.token, {
      user_id: farm.id,
      job_title_id: 8,
    });
    expect(chosen.statusCode).toBe(204);
    expect((await me(farm.token)).job_title).toMatchObject({ id: 8, code: 'researcher' });

    const internal = await call('POST', '/api/job-titles', farm.token, {
      user_id: farm.id,
      job_title_id: 11,
    });
    expect(internal.statusCode).toBe(404);
    const unknown = await call('POST', '/api/job-titles', farm.token, {
      user_id: farm.id,
      job_title_id: 999,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await me(farm.token)).job_title).toMatchObject({ id: 8 });
  });

  it('lets the account administrator set a member’s job title', async () => {
    const { accountId, admin } = await fullAccount();
    const member = await makeUser(app.db, { accountId, profile: 'FARM' });
    expect(
      (await call('POST', '/api/job-titles', admin.token, { user_id: member.id, job_title_id: 3 }))
        .statusCode,
    ).toBe(204);
    const members = await call('GET', '/api/users', admin.token);
    expect(
      members.json<{ id: number; job_title_id: number }[]>().find((m) => m.id === member.id),
    ).toMatchObject({ job_title_id: 3 });
  });
});

describe('language and own profile', () => {
  it('sets the language to pt, en or es and refuses fr', async () => {
    const { admin } = await fullAccount();
    expect((await call('POST', '/api/usuarios/idioma/es', admin.token)).statusCode).toBe(204);
    expect((await me(admin.token)).language).toBe('es');
    const french = await call('POST', '/api/usuarios/idioma/fr', admin.token);
    expect(french.statusCode).toBe(400);
    expect(french.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'params.lang' }),
    ]);
    expect((await me(admin.token)).language).toBe('es');
  });

  it('edits the signed-in user’s own name, language and phone with PUT /api/profile', async () => {
    const { members: people } = await accountWith(app, ['ASSISTENTE_TECNICO']);
    const observer = people.ASSISTENTE_TECNICO!;
    const saved = await call('PUT', '/api/profile', observer.token, {
      name: 'Nova Pessoa',
      language: 'en',
      phone: '+595961456789',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Nova Pessoa',
      language: 'en',
      phones: ['+595961456789'],
    });
    expect(await me(observer.token)).toMatchObject({
      name: 'Nova Pessoa',
      language: 'en',
      phones: ['+595961456789'],
    });

    const bad = await call('PUT', '/api/profile', observer.token, {
      name: 'X',
      language: 'en',
      phone: '+33612345678',
    });
    expect(bad.statusCode).toBe(400);
    expect((await me(observer.token)).name).toBe('Nova Pessoa');
  });
});

describe('GET /api/menu/dados-usuario', () => {
  it('answers plan, account with max_users, total_users of active members, language, profile and job title', async () => {
    const { accountId, admin } = await fullAccount(7);
    await makeUser(app.db, { accountId, profile: 'FARM' });
    await makeUser(app.db, { accountId, profile: 'PESQUISA', active: false });
    const user = await me(admin.token);
    expect(user).toMatchObject({
      id: admin.id,
      email: admin.email,
      language: 'pt',
      active: true,
      first_login: 'N',
      is_admin: true,
      total_users: 2,
      plan: { id: 4, name: 'Full', priority_level: 4 },
      account: { id: accountId, max_users: 7, country_id: 1, contract_start: '2026-01-01' },
      user_profile: { id: 2, uid: 'CONTA' },
      job_title: { id: 1, code: 'farm_administrator' },
    });
  });
});

describe('GET /api/permissions', () => {
  it('gives the Full CONTA user codes and shell keys; a previous season makes season records read-only', async () => {
    const { admin } = await fullAccount();
    const all = (await call('GET', '/api/permissions', admin.token)).json<string[]>();
    expect(all).toEqual(
      expect.arrayContaining([
        'USER_LISTAR',
        'user.list',
        'USER_CADASTRAR',
        'SEMEADURA_CADASTRAR',
        'farm.list',
      ]),
    );
    expect(all).not.toContain('admin');

    const seasons = (
      await app.app.inject({ method: 'GET', url: '/api/season-crops?country_id=1&crop_id=1' })
    ).json<{ id: number; status: string }[]>();
    const previous = seasons.find((s) => s.status === 'previous')!;
    const current = seasons.find((s) => s.status === 'current')!;
    expect(previous && current).toBeTruthy();

    const past = (
      await call('GET', `/api/permissions?season_crop_id=${previous.id}`, admin.token)
    ).json<string[]>();
    for (const code of [
      'SEMEADURA_CADASTRAR',
      'SEMEADURA_EDITAR',
      'SEMEADURA_EXCLUIR',
      'PLANEJAMENTO_CADASTRAR',
    ]) {
      expect(past).not.toContain(code);
    }
    expect(past).toEqual(
      expect.arrayContaining([
        'SEMEADURA_LISTAR',
        'SEMEADURA_VISUALIZAR',
        'USER_CADASTRAR',
        'FAZENDA_CADASTRAR',
        'user.list',
      ]),
    );

    const now = (
      await call('GET', `/api/permissions?season_crop_id=${current.id}`, admin.token)
    ).json<string[]>();
    expect(now).toEqual(all);
  });

  it('answers 404 for an unknown season-crop', async () => {
    const { admin } = await fullAccount();
    const unknown = await call('GET', '/api/permissions?season_crop_id=999999', admin.token);
    expect(unknown.json()).toMatchObject({ code: 404, key: 'exception.season_crop_not_found' });
  });
});
