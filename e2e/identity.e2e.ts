import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@lavoura/domain';
import { resources } from '@lavoura/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe.ts';
import { RAW_KEY, SCREENSHOT_DIR, hasChromium, launchBrowser, pageIn } from './support/browser.ts';
import { latestMailTo } from './support/outbox.ts';
import { startServer, type RunningServer } from './support/server.ts';

type Texts = Record<string, unknown>;
const text = (language: Language, namespace: string, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Texts | undefined)?.[part],
      (resources[language] as Record<string, Texts>)[namespace],
    );
  if (typeof value !== 'string') throw new Error(`no text ${namespace}:${key} in ${language}`);
  return value;
};
const DEMO_PASSWORD = 'Lavoura2026';
/** The built chunk of a language's `errors` texts (Vite names it after the JSON file). */
const ERROR_TEXTS_CHUNK = /\/assets\/errors-[\w-]+\.js$/;

describe.skipIf(!hasChromium)('accounts and the shell in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${server.baseUrl}/v3/login`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
  }

  async function loginStatus(email: string, password: string): Promise<number> {
    const response = await fetch(`${server.baseUrl}/admin-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return response.status;
  }

  it.each(LANGUAGES)(
    'signs up, activates with the e-mailed code and enters the shell in %s',
    async (language) => {
      const page = await pageIn(browser, language, language === 'en' ? 390 : 1280);
      const email = `grower-${language}-${Date.now()}@example.com`;
      await page.goto(`${server.baseUrl}/v3/signup`);
      await page.getByTestId('signup-page').waitFor();
      await page.fill('input[name=name]', 'Rita Produtora');
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', 'Safra2026ok');
      await page.fill('input[name=account_name]', 'Fazenda Aurora');
      await page.getByTestId('signup-page').locator('input[type=checkbox]').check();
      await page.getByTestId('signup-page').locator('button[type=submit]').click();
      await page.getByText(text(language, 'auth', 'signup.done_title')).waitFor();

      const mail = await latestMailTo(server.dataDir, email);
      expect(mail.subject).toBe(text(language, 'emails', 'activation.subject'));
      const link = /(http\S+\/v3\/account\/activate\?\S+)/.exec(mail.text)?.[1];
      expect(link).toBeTruthy();
      await page.goto(link!.replace(/^http:\/\/localhost:\d+/, server.baseUrl));
      await page.getByText(text(language, 'auth', 'activate.activated_title')).waitFor();

      await signIn(page, email, 'Safra2026ok');
      await page.waitForURL(/\/v3\/my_farm/);
      await page.getByTestId('my-farm').waitFor();
      await expect.poll(() => page.locator('body').innerText()).toContain('Fazenda Aurora');
      // A new account has no job title yet: the shell asks for it.
      await page.getByTestId('job-title-dialog').waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `shell-after-signup-${language}.png`),
      });
      await page.context().close();
    },
  );

  it.each(LANGUAGES)(
    'tells broken sign-in fields with the one error map of the domain, in the form and from the API (%s)',
    async (language) => {
      const page = await pageIn(browser, language);
      const scripts: string[] = [];
      page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
      await page.goto(`${server.baseUrl}/v3/login`);
      const form = page.getByTestId('login-page');
      await form.waitFor();
      await page.waitForLoadState('networkidle');
      // The error texts are no part of the sign-in page's download: they come with a submit.
      expect(scripts.filter((script) => ERROR_TEXTS_CHUNK.test(script))).toEqual([]);
      await form.locator('button[type=submit]').click();
      const required = text(language, 'errors', 'field.required');
      await expect.poll(() => form.getByText(required, { exact: true }).count()).toBe(2);
      expect(scripts.filter((script) => ERROR_TEXTS_CHUNK.test(script))).toHaveLength(1);
      await page.fill('input[name=email]', 'not-an-e-mail');
      await page.fill('input[name=password]', 'x');
      await form.locator('button[type=submit]').click();
      await form.getByText(text(language, 'errors', 'field.email'), { exact: true }).waitFor();
      expect(await form.getByText(required, { exact: true }).count()).toBe(0);
      await page.context().close();

      // The built API installs the same map: an empty password is "required" (the map sees the
      // input), not just a string too short.
      const response = await fetch(`${server.baseUrl}/admin-api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-e-mail', password: '' }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        context: { additionalInfo: { field: string; key: string }[] };
      };
      expect(body.context.additionalInfo.map(({ field, key }) => ({ field, key }))).toEqual(
        expect.arrayContaining([
          { field: 'body.email', key: 'field.email' },
          { field: 'body.password', key: 'field.required' },
        ]),
      );
    },
  );

  it('sends one sign-in request per attempt with a wrong password, even submitted twice at once', async () => {
    const page = await pageIn(browser, 'pt');
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/admin-api/login') logins.push(request.method());
    });
    await page.goto(`${server.baseUrl}/v3/login`);
    // An address of its own: the attempts it spends lock no account another test signs in to.
    await page.fill('input[name=email]', 'wrong-password@example.com');
    await page.fill('input[name=password]', 'Errada2026');
    const refused = page.getByTestId('login-error');
    // A click and a second submit in the same moment (Enter, a password manager's own submit),
    // before the button shows itself busy: one attempt.
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/admin-api/login')),
      page.evaluate(() => {
        const button = document.querySelector<HTMLButtonElement>('button[type=submit]')!;
        button.click();
        button.form!.requestSubmit();
      }),
    ]);
    await refused.waitFor();
    expect(await refused.getAttribute('data-key')).toBe('exception.invalid_credentials');
    expect(await refused.innerText()).toContain(
      text('pt', 'errors', 'exception.invalid_credentials'),
    );
    await page.waitForLoadState('networkidle');
    expect(logins).toEqual(['POST']);
    // Again from the keyboard: Enter in the password field is one more request, not two.
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/admin-api/login')),
      page.press('input[name=password]', 'Enter'),
    ]);
    await refused.waitFor();
    await page.waitForLoadState('networkidle');
    expect(logins).toEqual(['POST', 'POST']);
    await page.context().close();
  });

  it('switches the language of the sign-in page from its select, by keyboard and by mouse', async () => {
    const label = (language: Language) => text(language, 'common', 'language.label');
    const keyboard = await pageIn(browser, 'pt');
    await keyboard.goto(`${server.baseUrl}/v3/login`);
    await keyboard.getByTestId('login-page').waitFor();
    await keyboard.getByRole('combobox', { name: label('pt') }).focus();
    await keyboard.keyboard.press('ArrowDown');
    const listbox = keyboard.getByRole('listbox');
    await listbox.waitFor();
    await keyboard.keyboard.press('ArrowDown');
    await keyboard.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    await keyboard.getByText(text('en', 'auth', 'login.title')).waitFor();
    expect(await keyboard.evaluate(() => document.documentElement.lang)).toBe('en');
    const english = keyboard.getByRole('combobox', { name: label('en') });
    expect(await english.evaluate((node) => node === document.activeElement)).toBe(true);
    await keyboard.context().close();

    const mouse = await pageIn(browser, 'pt');
    await mouse.goto(`${server.baseUrl}/v3/login`);
    await mouse.getByTestId('login-page').waitFor();
    await mouse.getByRole('combobox', { name: label('pt') }).click();
    await mouse.getByRole('option', { name: 'Español' }).click();
    await mouse.getByText(text('es', 'auth', 'login.title')).waitFor();
    expect(await mouse.evaluate(() => window.localStorage.getItem('language'))).toBe('es');
    await mouse.context().close();
  });

  it.each(LANGUAGES)(
    'forces a user created with a temporary password to change it at first login (%s)',
    async (language) => {
      const admin = await api<{ token: string }>('POST', '/admin-api/login', {
        email: 'conta@full.demo.lavoura.app',
        password: DEMO_PASSWORD,
      });
      const email = `invited-${language}-${Date.now()}@example.com`;
      await api(
        'POST',
        '/api/users',
        { name: 'Rafael Costa', email, profile_id: 3, language, farm_ids: [] },
        admin.token,
      );
      const mail = await latestMailTo(server.dataDir, email);
      expect(mail.subject).toBe(text(language, 'emails', 'welcome_user.subject'));
      const temporary = new RegExp(
        `${email.replace(/[.+]/g, '\\$&')}\\D+?([A-Za-z0-9]{10})\\b`,
      ).exec(mail.text)?.[1];
      expect(temporary).toBeTruthy();

      const page = await pageIn(browser, language);
      await signIn(page, email, temporary!);
      const dialog = page.getByTestId('forced-password-dialog');
      await dialog.waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `forced-password-${language}.png`) });
      // The password typed at sign-in is reused: neither it nor the terms are asked again.
      await dialog.locator('input[name=new_password]').waitFor();
      expect(await dialog.locator('input[name=old_password]').count()).toBe(0);
      expect(await dialog.locator('input[type=checkbox]').count()).toBe(0);
      await dialog.locator('input[name=new_password]').fill('Nova2026ok');
      await dialog.locator('input[name=password_confirmation]').fill('Nova2026ok');
      await dialog.locator('button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      await page.context().close();

      // The new password is the one that works now.
      const again = await fetch(`${server.baseUrl}/admin-api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Nova2026ok' }),
      });
      expect(again.status).toBe(200);
      expect((await again.json()).is_first_login).toBe(false);
    },
  );

  it('opens the plan presentation for an administrator on an upsell route', async () => {
    const page = await pageIn(browser, 'pt');
    await signIn(page, 'conta@pro.demo.lavoura.app', DEMO_PASSWORD);
    await page.getByTestId('my-farm').waitFor();
    await page.goto(`${server.baseUrl}/v3/sowings`);
    await page.getByTestId('plan-list').waitFor();
    await page.getByTestId('plan-4').waitFor();
    await settled(page); // the dialog has finished fading in before the picture
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'upsell-plan-modal-pt.png') });
    await page.context().close();
  });

  it('switches account, reloading the user, and logs out to /login', async () => {
    const page = await pageIn(browser, 'en');
    await signIn(page, 'conta@full.demo.lavoura.app', DEMO_PASSWORD);
    await page.getByTestId('my-farm').waitFor();
    await expect
      .poll(() => page.getByTestId('my-farm').innerText())
      .toContain('Fazendas Reunidas Horizonte (Full)');
    const before = (await page.context().cookies()).find((c) => c.name === 'token')?.value;

    await page.getByTestId('account-menu-button').click();
    await page
      .getByRole('menuitem', { name: text('en', 'shell', 'account.switch_account') })
      .click();
    await page.getByRole('menuitem', { name: /Cerrado Verde/ }).click();
    await page.waitForURL(/\/v3\/my_farm/);
    await expect
      .poll(() => page.getByTestId('my-farm').innerText())
      .toContain('Agropecuária Cerrado Verde (Pro)');
    const after = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The seeded Pro membership has no job title: the shell asks for it, and it can wait.
    const jobTitle = page.getByTestId('job-title-dialog');
    await jobTitle.getByRole('button', { name: text('en', 'shell', 'job_title.later') }).click();
    await jobTitle.waitFor({ state: 'detached' });

    await page
      .getByRole('button', { name: text('en', 'shell', 'account.logout') })
      .first()
      .click();
    await page.waitForURL(/\/v3\/login/);
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    // The logged-out token is refused by the server too.
    const refused = await fetch(`${server.baseUrl}/api/menu/dados-usuario`, {
      headers: { authorization: `Bearer ${after}` },
    });
    expect(refused.status).toBe(401);
    await page.context().close();
  });

  it('keeps the session in an httpOnly cookie no script reads, through a reload, until logout', async () => {
    const page = await pageIn(browser, 'pt');
    await signIn(page, 'farm@light.demo.lavoura.app', DEMO_PASSWORD);
    await page.getByTestId('my-farm').waitFor();
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(token?.httpOnly).toBe(true);
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify(window.localStorage),
      session: JSON.stringify(window.sessionStorage),
    }));
    // Scripts see when the session ends, never the token.
    expect(readable.cookie).toMatch(/(^|; )token_expires_at=\d+/);
    expect(readable.cookie).not.toMatch(/(^|; )token=/);
    for (const stored of Object.values(readable)) expect(stored).not.toContain(token!.value);

    // A reload keeps the user signed in: the shell loads the user from the cookie alone.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('my-farm').innerText())
      .toContain('Fazenda Santa Rita (Light)');
    expect(new URL(page.url()).pathname).toBe('/v3/my_farm');

    await page
      .getByRole('button', { name: text('pt', 'shell', 'account.logout') })
      .first()
      .click();
    await page.waitForURL(/\/v3\/login/);
    await page.reload();
    await page.locator('input[name=email]').waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('token_expires_at');
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.goto(`${server.baseUrl}/v3/my_farm`);
    await page.waitForURL(/\/v3\/login/);
    await page.context().close();
  });

  it('refuses a state-changing call carried by the session cookie from another site', async () => {
    const email = 'pesquisa@light.demo.lavoura.app';
    const page = await pageIn(browser, 'en');
    await signIn(page, email, DEMO_PASSWORD);
    await page.getByTestId('my-farm').waitFor();
    // page.request sends the browser's cookies, as a forged cross-site form post would.
    const change = {
      old_password: DEMO_PASSWORD,
      new_password: 'Forjada2026ok',
      password_confirmation: 'Forjada2026ok',
    };
    const forged = await page.request.post(`${server.baseUrl}/admin-api/change-password`, {
      headers: { origin: 'http://evil.example' },
      data: change,
    });
    expect(forged.status()).toBe(403);
    expect(((await forged.json()) as { key: string }).key).toBe('exception.csrf');
    const forgedByReferer = await page.request.post(`${server.baseUrl}/admin-api/logout`, {
      headers: { referer: 'http://evil.example/page' },
    });
    expect(forgedByReferer.status()).toBe(403);
    // Nothing changed: the password is the same and the session goes on.
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(200);
    expect(await loginStatus(email, change.new_password)).toBe(401);
    await page.reload();
    await page.getByTestId('my-farm').waitFor();

    // The same cookie from the app's own pages is accepted.
    const own = await page.request.post(`${server.baseUrl}/admin-api/logout`, {
      headers: { origin: server.baseUrl },
    });
    expect(own.status()).toBe(200);
    await page.context().close();
  });

  it('opens the plan presentation when a Freemium administrator clicks a padlocked menu entry', async () => {
    const page = await pageIn(browser, 'es');
    await signIn(page, 'conta@freemium.demo.lavoura.app', DEMO_PASSWORD);
    await page.getByTestId('my-farm').waitFor();
    const locked = page
      .getByRole('navigation', { name: text('es', 'shell', 'menu.label') })
      .locator('a[data-access=upsell]');
    await locked.first().click();
    await page.getByTestId('plan-list').waitFor();
    await page.getByTestId('plan-4').waitFor();
    // The refused page is not opened: the user stays where they were.
    expect(new URL(page.url()).pathname).toBe('/v3/my_farm');
    await page.context().close();
  });

  it('tells a Freemium non-administrator who clicks a padlocked menu entry that the plan lacks it', async () => {
    const page = await pageIn(browser, 'pt');
    await signIn(page, 'farm@freemium.demo.lavoura.app', DEMO_PASSWORD);
    await page.getByTestId('my-farm').waitFor();
    const locked = page
      .getByRole('navigation', { name: text('pt', 'shell', 'menu.label') })
      .locator('a[data-access=upsell]');
    await locked.first().click();
    await page
      .getByRole('alert')
      .filter({ hasText: text('pt', 'shell', 'blocked.plan_refused') })
      .waitFor();
    expect(await page.getByTestId('plan-list').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/v3/my_farm');
    await page.context().close();
  });
  it('invites a person who already uses Lavoura, who accepts after signing in and then has the account', async () => {
    // The Full account's administrator adds the agronomist of the Light account by e-mail (they
    // also belong to the Pro account, which an earlier test may have left as their last one).
    const signedIn = await api<{ token: string; accounts: { id: number; name: string }[] }>(
      'POST',
      '/admin-api/login',
      { email: 'conta@full.demo.lavoura.app', password: DEMO_PASSWORD },
    );
    const fullAccount = signedIn.accounts.find((account) => account.name.startsWith('Fazendas'))!;
    const admin = await api<{ token: string }>(
      'POST',
      '/admin-api/select-account',
      { account_id: fullAccount.id },
      signedIn.token,
    );
    const invited = await api<{ invited: boolean; name: string; phones: string[] }>(
      'POST',
      '/api/users',
      {
        name: 'Typed by the administrator',
        email: 'farm@light.demo.lavoura.app',
        profile_id: 3,
        language: 'en',
        farm_ids: [],
      },
      admin.token,
    );
    expect(invited).toMatchObject({
      invited: true,
      name: 'Typed by the administrator',
      phones: [],
    });

    const page = await pageIn(browser, 'en');
    await signIn(page, 'farm@light.demo.lavoura.app', DEMO_PASSWORD);
    const dialog = page.getByTestId('invitations-dialog');
    await dialog.getByTestId(`invitation-${fullAccount.id}`).waitFor();
    expect(await dialog.textContent()).toContain(fullAccount.name);
    await dialog
      .getByRole('button', {
        name: text('en', 'shell', 'invitations.accept_named').replace(
          '{{account}}',
          fullAccount.name,
        ),
      })
      .click();
    await page
      .getByText(
        text('en', 'shell', 'invitations.accepted').replace('{{account}}', fullAccount.name),
      )
      .waitFor();

    const person = await api<{ token: string }>('POST', '/admin-api/login', {
      email: 'farm@light.demo.lavoura.app',
      password: DEMO_PASSWORD,
    });
    const accounts = await api<{ id: number }[]>(
      'GET',
      '/api/menu/contas',
      undefined,
      person.token,
    );
    expect(accounts.map((account) => account.id)).toContain(fullAccount.id);
    await page.context().close();
  });
});
