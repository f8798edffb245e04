import { validarBoleto } from '@mrmgomes/boleto-utils';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ensurePlatformAdmin } from '../../db/bootstrap.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { accountWith, bearer, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, versionsHeard, type TestApp } from '../../test/test-app.ts';

const ADMIN = { email: 'billing@lavoura.test', password: 'Back-office1' };
const CARDS = {
  approved: '4111 1111 1111 1111',
  declined: '4000000000000002',
  failure: '4000000000000119',
};

let app: TestApp;
let adminToken: string;
let billingPlans: { id: number; tier_id: number; interval_count: number; price: number }[];

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlatformAdmin(app.db, ADMIN);
  adminToken = await tokenFor(app, ADMIN.email, ADMIN.password);
  billingPlans = (
    await app.app.inject({ method: 'GET', url: '/payment-api/plans', headers: bearer(adminToken) })
  ).json();
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: Record<string, unknown>) =>
  app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const billingPlan = (tier: number, months: number) =>
  billingPlans.find((plan) => plan.tier_id === tier && plan.interval_count === months)!;

/** A Freemium account (Brazil unless told) with its administrator's token. */
async function buyer(countryId = 1, profile: 'CONTA' | 'FARM' = 'CONTA') {
  const account = await accountWith(app, [profile], {
    planId: 5,
    countryId,
    contractStart: null,
    maxUsers: 5,
  });
  const member = account.members[profile]!;
  return { accountId: account.accountId, email: member.email, token: member.token };
}

async function customer(token: string) {
  const answer = await call('POST', '/payment-api/customers', token, {
    name: 'Helena Ribeiro',
    email: 'helena@fazenda.test',
    registry_code: '123.456.789-09',
    address: {
      street: 'Rua das Palmeiras',
      number: '120',
      zipcode: '86010-000',
      neighborhood: 'Centro',
      city: 'Londrina',
      state: 'PR',
      country: 'BR',
    },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().id as number;
}

async function card(token: string, customerId: number, number: string) {
  return call('POST', '/payment-api/payment-profiles', token, {
    customer_id: customerId,
    holder_name: 'HELENA RIBEIRO',
    card_number: number,
    card_expiration: '12/2030',
    card_cvv: '123',
  });
}

async function payByCard(token: string, number: string, plan = billingPlan(1, 12)) {
  const customerId = await customer(token);
  const profile = (await card(token, customerId, number)).json();
  return call('POST', '/payment-api/subscriptions', token, {
    customer_id: customerId,
    plan_id: plan.id,
    payment_method_code: 'credit_card',
    payment_profile_id: profile.id,
  });
}

async function planOf(accountId: number) {
  const [account] = await app.db
    .select({ planId: t.accounts.planId })
    .from(t.accounts)
    .where(eq(t.accounts.id, accountId));
  return account!.planId;
}

describe('buying a plan', () => {
  it('says the payments go to the offline sandbox, and names the methods per language', async () => {
    const { token } = await buyer();
    expect((await call('GET', '/payment-api/provider', token)).json()).toEqual({ kind: 'sandbox' });
    expect((await call('GET', '/payment-api/payments-methods?language=en', token)).json()).toEqual([
      { code: 'credit_card', name: 'Credit card' },
      { code: 'bank_slip', name: 'Bank slip (boleto)' },
      { code: 'cash', name: 'Cash' },
    ]);
  });

  it('by an approved card: Light annual paid at once, the plan rises, the session follows', async () => {
    const { accountId, token } = await buyer();
    expect((await call('GET', '/api/freemium', token)).json()).toMatchObject({ limit: 5 });
    const answer = await payByCard(token, CARDS.approved);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      status: 'active',
      tier: { id: 1, name: 'Light' },
      interval_count: 12,
      payment_method_code: 'credit_card',
      card: { brand: 'Visa', last_four: '1111' },
      bill: { status: 'paid', amount: 490, typable_line: null },
    });
    expect(answer.json().paid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await planOf(accountId)).toBe(1);

    const confirmed = await call(
      'PUT',
      `/api/plan/1/account/${accountId}/interval/12/update-plan`,
      token,
    );
    expect(confirmed.statusCode).toBe(200);
    // The same token now carries the Light plan: no free-use limit any more.
    expect((await call('GET', '/api/freemium', token)).json()).toEqual({
      limit: null,
      used: 0,
      progress: 0,
    });
    expect((await call('GET', '/api/subscription', token)).json()).toMatchObject({
      status: 'active',
      tier: { id: 1 },
    });
  });

  it.each([1, 2, 3, 4])(
    'confirms tier %i bought from Freemium by card, whatever the new plan closes (Full: the /payment page)',
    async (tier) => {
      const { accountId, token } = await buyer();
      const paid = await payByCard(token, CARDS.approved, billingPlan(tier, 1));
      expect(paid.statusCode).toBe(201);
      expect(await planOf(accountId)).toBe(tier);
      // The administrator who has just paid confirms with the same token, now on the new plan.
      const confirmed = await call(
        'PUT',
        `/api/plan/${tier}/account/${accountId}/interval/1/update-plan`,
        token,
      );
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        status: 'active',
        tier: { id: tier },
        interval_count: 1,
        bill: { status: 'paid' },
      });
      // And the subscription stays theirs to read and cancel on that plan.
      expect((await call('GET', '/api/subscription', token)).json()).toMatchObject({
        tier: { id: tier },
      });
      const canceled = await call('DELETE', '/api/subscription', token);
      expect(canceled.statusCode).toBe(200);
      expect(canceled.json()).toMatchObject({ status: 'canceled', tier: { id: tier } });
    },
  );

  it('keeps no card number or CVV anywhere: only the brand, last four and a provider token', async () => {
    const { accountId, token } = await buyer();
    await payByCard(token, CARDS.approved);
    const rows = JSON.stringify([
      await app.db
        .select()
        .from(t.paymentProfiles)
        .where(eq(t.paymentProfiles.accountId, accountId)),
      await app.db.select().from(t.subscriptions).where(eq(t.subscriptions.accountId, accountId)),
      await app.db.select().from(t.bills).where(eq(t.bills.accountId, accountId)),
    ]);
    expect(rows).not.toContain('4111111111111111');
    expect(rows).not.toContain('4111 1111');
    expect(rows).not.toMatch(/"123"/);
    expect(rows).toContain('"lastFour":"1111"');
  });

  it('declined (402) and provider failure (502) change nothing but the day’s attempts; the sixth is refused', async () => {
    const { accountId, token } = await buyer();
    const declined = await payByCard(token, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ key: 'exception.payment.card_declined' });
    const failed = await payByCard(token, CARDS.failure);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ key: 'exception.payment.provider_error' });
    expect(
      await app.db.select().from(t.subscriptions).where(eq(t.subscriptions.accountId, accountId)),
    ).toEqual([]);
    expect(await planOf(accountId)).toBe(5);

    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await payByCard(token, CARDS.declined)).statusCode).toBe(402);
    const sixth = await payByCard(token, CARDS.approved);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ key: 'exception.payment.too_many_attempts' });
    expect(await planOf(accountId)).toBe(5);
  });

  it('refuses a bad card with its field and stores nothing', async () => {
    const { accountId, token } = await buyer();
    const customerId = await customer(token);
    for (const [number, expiry, cvv, field] of [
      ['4111 1111 1111 1112', '12/2030', '123', 'card_number'],
      ['4111 1111 111', '12/2030', '123', 'card_number'],
      ['4111111111111111', '01/2020', '123', 'card_expiration'],
      ['4111111111111111', '12/2030', '12', 'card_cvv'],
    ]) {
      const answer = await call('POST', '/payment-api/payment-profiles', token, {
        customer_id: customerId,
        holder_name: 'HELENA RIBEIRO',
        card_number: number,
        card_expiration: expiry,
        card_cvv: cvv,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        key: 'exception.payment.invalid_card',
        context: { additionalInfo: { field } },
      });
    }
    expect(
      await app.db
        .select()
        .from(t.paymentProfiles)
        .where(eq(t.paymentProfiles.accountId, accountId)),
    ).toEqual([]);
  });

  it('by bank slip: due in 3 days with a valid typable line; the plan rises only when the back office marks it paid', async () => {
    const { accountId, token } = await buyer();
    const customerId = await customer(token);
    const pro = billingPlan(2, 1);
    const answer = await call('POST', '/payment-api/subscriptions', token, {
      customer_id: customerId,
      plan_id: pro.id,
      payment_method_code: 'bank_slip',
    });
    expect(answer.statusCode).toBe(201);
    const { bill } = answer.json();
    expect(bill).toMatchObject({ status: 'pending', amount: pro.price });
    const today = new Date().toISOString().slice(0, 10);
    const due = (Date.parse(bill.due_date) - Date.parse(today)) / 86_400_000;
    expect(due).toBeGreaterThanOrEqual(2); // 3 days in São Paulo's calendar
    expect(due).toBeLessThanOrEqual(3);
    expect(bill.typable_line).toMatch(/^\d{47}$/);
    expect(validarBoleto(bill.typable_line)).toMatchObject({ sucesso: true, valor: pro.price });
    expect(validarBoleto(bill.barcode)).toMatchObject({ sucesso: true });
    const subscription = async () => (await call('GET', '/api/subscription', token)).json();
    expect(await subscription()).toMatchObject({ status: 'pending', bill: { status: 'pending' } });

    const url = `/api/plan/2/account/${accountId}/interval/1/update-plan`;
    const pending = await call('PUT', url, token);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ key: 'exception.payment.pending' });
    expect(await planOf(accountId)).toBe(5);

    expect(
      (await call('PUT', `/admin-api/bills/${bill.id}`, token, { status: 'paid' })).statusCode,
    ).toBe(403);
    const settled = await call('PUT', `/admin-api/bills/${bill.id}`, adminToken, {
      status: 'paid',
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ status: 'active', bill: { status: 'paid' } });
    // The account's kept subscription follows the back office's settlement…
    expect(await subscription()).toMatchObject({ status: 'active', bill: { status: 'paid' } });
    expect(await planOf(accountId)).toBe(2);
    expect((await call('PUT', url, token)).statusCode).toBe(200);
    const again = await call('PUT', `/admin-api/bills/${bill.id}`, adminToken, {
      status: 'expired',
    });
    expect(again.statusCode).toBe(409);
    // …and a write another process makes, once its notification arrives.
    await app.db
      .update(t.subscriptions)
      .set({ nextBillDate: '2099-01-31' })
      .where(eq(t.subscriptions.accountId, accountId));
    await versionsHeard(app);
    expect(await subscription()).toMatchObject({ next_bill_date: '2099-01-31' });
  });

  it('in cash: a pending bill without a slip; settled in the back office, the plan and its users rise', async () => {
    const { accountId, token } = await buyer();
    const me = async () => (await call('GET', '/api/menu/dados-usuario', token)).json();
    expect((await me()).account.max_users).toBe(5);
    const customerId = await customer(token);
    const lavoura = billingPlan(3, 6);
    const answer = await call('POST', '/payment-api/subscriptions', token, {
      customer_id: customerId,
      plan_id: lavoura.id,
      payment_method_code: 'cash',
    });
    expect(answer.statusCode).toBe(201);
    const { bill } = answer.json();
    expect(bill).toMatchObject({
      status: 'pending',
      amount: lavoura.price,
      payment_method_code: 'cash',
      typable_line: null,
      barcode: null,
    });
    const url = `/api/plan/3/account/${accountId}/interval/6/update-plan`;
    expect((await call('PUT', url, token)).json()).toMatchObject({
      key: 'exception.payment.pending',
    });
    expect(await planOf(accountId)).toBe(5);

    const settled = await call('PUT', `/admin-api/bills/${bill.id}`, adminToken, {
      status: 'paid',
    });
    expect(settled.statusCode).toBe(200);
    expect(await planOf(accountId)).toBe(3);
    // Lavoura includes 20 users (plans/capabilities.ts): the account may now invite them.
    expect((await me()).account).toMatchObject({
      max_users: 20,
      contract_start: expect.any(String),
    });
    expect((await call('GET', '/api/subscription', token)).json()).toMatchObject({
      status: 'active',
      interval_count: 6,
    });
  });

  it('sells only to administrators of accounts in Brazil', async () => {
    const american = await buyer(3);
    const customerRefused = await call('POST', '/payment-api/customers', american.token, {
      name: 'Joe Farmer',
      email: 'joe@farm.test',
      registry_code: '12345678909',
      address: {
        street: 'Main St',
        number: '1',
        zipcode: '50309000',
        neighborhood: 'Downtown',
        city: 'Des Moines',
        state: 'IA',
        country: 'US',
      },
    });
    expect(customerRefused.statusCode).toBe(403);
    expect(customerRefused.json()).toMatchObject({ key: 'exception.action_unauthorized' });
    const update = await call(
      'PUT',
      `/api/plan/1/account/${american.accountId}/interval/12/update-plan`,
      american.token,
    );
    expect(update.statusCode).toBe(403);

    const farmer = await buyer(1, 'FARM');
    expect(
      (
        await call('POST', '/payment-api/subscriptions', farmer.token, {
          customer_id: 1,
          plan_id: billingPlan(1, 1).id,
          payment_method_code: 'cash',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('never reaches another account’s customer, card or plan', async () => {
    const first = await buyer();
    const second = await buyer();
    const customerId = await customer(first.token);
    const stolen = await call('POST', '/payment-api/subscriptions', second.token, {
      customer_id: customerId,
      plan_id: billingPlan(1, 1).id,
      payment_method_code: 'cash',
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({
      key: 'exception.validation_error',
      context: { additionalInfo: [{ field: 'body.customer_id', key: 'field.invalid' }] },
    });
    const other = await call(
      'PUT',
      `/api/plan/1/account/${first.accountId}/interval/1/update-plan`,
      second.token,
    );
    expect(other.statusCode).toBe(404);
  });

  it('cancelled, keeps the plan to the end of the paid period, then returns to Freemium', async () => {
    const { accountId, email, token: signedIn } = await buyer();
    let token = signedIn;
    const paid = (await payByCard(token, CARDS.approved, billingPlan(1, 1))).json();
    const canceled = await call('DELETE', '/api/subscription', token);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceled', next_bill_date: null });
    expect(await planOf(accountId)).toBe(1);

    app.clock.now = new Date(`${paid.paid_until}T12:00:00Z`);
    token = await tokenFor(app, email); // days on: yesterday's session is over
    expect((await call('GET', '/api/subscription', token)).json()).toMatchObject({
      status: 'canceled',
    });
    expect(await planOf(accountId)).toBe(1);
    app.clock.now = new Date(Date.parse(`${paid.paid_until}T12:00:00Z`) + 86_400_000);
    token = await tokenFor(app, email); // days on: yesterday's session is over
    expect((await call('GET', '/api/subscription', token)).json()).toBeNull();
    expect(await planOf(accountId)).toBe(5);
    const [account] = await app.db
      .select({ maxUsers: t.accounts.maxUsers })
      .from(t.accounts)
      .where(eq(t.accounts.id, accountId));
    expect(account!.maxUsers).toBe(5); // the free plan's users again
    app.clock.now = new Date();
  });
});

describe('renewals', () => {
  const day = (text: string) => new Date(`${text}T15:00:00Z`);
  const jobs = () => app.app.runSubscriptionJobs();

  it('by card: the next period is charged on its day and runs on from the paid one', async () => {
    const { accountId, email, token: signedIn } = await buyer();
    let token = signedIn;
    const first = (await payByCard(token, CARDS.approved, billingPlan(2, 1))).json();
    expect(first.status).toBe('active');
    app.clock.now = day(first.next_bill_date);
    token = await tokenFor(app, email); // days on: yesterday's session is over
    try {
      await jobs();
      await jobs(); // the hour after: nothing billed twice
      const renewed = (await call('GET', '/api/subscription', token)).json();
      expect(renewed).toMatchObject({
        status: 'active',
        bill: { status: 'paid', due_date: first.next_bill_date },
      });
      // One month from the day after the first period: no day lost, none paid twice.
      expect(renewed.paid_until > first.paid_until).toBe(true);
      expect(renewed.next_bill_date).toBe(
        new Date(Date.parse(`${renewed.paid_until}T00:00:00Z`) + 86_400_000)
          .toISOString()
          .slice(0, 10),
      );
      const bills = await app.db
        .select({ status: t.bills.status })
        .from(t.bills)
        .where(eq(t.bills.accountId, accountId));
      expect(bills.map((bill) => bill.status)).toEqual(['paid', 'paid']);
      expect(await planOf(accountId)).toBe(2);
    } finally {
      app.clock.now = new Date();
    }
  });

  it('by bank slip: the plan waits 3 days for the renewal slip, then returns to Freemium', async () => {
    const { accountId, email, token: signedIn } = await buyer();
    let token = signedIn;
    const customerId = await customer(token);
    const subscribed = (
      await call('POST', '/payment-api/subscriptions', token, {
        customer_id: customerId,
        plan_id: billingPlan(1, 1).id,
        payment_method_code: 'bank_slip',
      })
    ).json();
    await call('PUT', `/admin-api/bills/${subscribed.bill.id}`, adminToken, { status: 'paid' });
    const paid = (await call('GET', '/api/subscription', token)).json();
    const renewalDay = paid.next_bill_date as string;
    app.clock.now = day(renewalDay);
    token = await tokenFor(app, email); // days on: yesterday's session is over
    try {
      await jobs();
      const waiting = (await call('GET', '/api/subscription', token)).json();
      expect(waiting).toMatchObject({ status: 'active', bill: { status: 'pending' } });
      expect(waiting.bill.typable_line).toMatch(/^\d{47}$/);
      expect(waiting.bill.id).not.toBe(subscribed.bill.id);
      // Paying ahead is refused while the slip waits.
      const twice = await call('POST', '/payment-api/bills', token, { subscription_id: paid.id });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ key: 'exception.payment.pending' });

      app.clock.now = new Date(day(renewalDay).getTime() + 2 * 86_400_000);
      token = await tokenFor(app, email); // days on: yesterday's session is over
      await jobs();
      expect(await planOf(accountId)).toBe(1); // inside the grace days
      app.clock.now = new Date(day(renewalDay).getTime() + 3 * 86_400_000);
      token = await tokenFor(app, email); // days on: yesterday's session is over
      await jobs();
      expect(await planOf(accountId)).toBe(5);
      expect((await call('GET', '/api/subscription', token)).json()).toBeNull();
    } finally {
      app.clock.now = new Date();
    }
  });

  it('a refused renewal card leaves a failed bill; the administrator pays with another card', async () => {
    const { accountId, email, token: signedIn } = await buyer();
    let token = signedIn;
    const customerId = await customer(token);
    const good = (await card(token, customerId, CARDS.approved)).json();
    const bad = (await card(token, customerId, CARDS.declined)).json();
    // Bought with the good card, then the subscription's card turns out refused at renewal.
    const first = (
      await call('POST', '/payment-api/subscriptions', token, {
        customer_id: customerId,
        plan_id: billingPlan(1, 1).id,
        payment_method_code: 'credit_card',
        payment_profile_id: good.id,
      })
    ).json();
    await app.db
      .update(t.subscriptions)
      .set({ paymentProfileId: bad.id })
      .where(eq(t.subscriptions.id, first.id));
    app.clock.now = day(first.next_bill_date);
    token = await tokenFor(app, email); // days on: yesterday's session is over
    try {
      await jobs();
      await jobs(); // a refused card is not charged again every hour
      const failed = (await call('GET', '/api/subscription', token)).json();
      expect(failed).toMatchObject({ status: 'active', bill: { status: 'failed' } });
      const bills = await app.db
        .select({ status: t.bills.status })
        .from(t.bills)
        .where(eq(t.bills.accountId, accountId));
      expect(bills.map((bill) => bill.status)).toEqual(['paid', 'failed']);

      const declined = await call('POST', '/payment-api/bills', token, {
        subscription_id: first.id,
      });
      expect(declined.statusCode).toBe(402);
      const paid = await call('POST', '/payment-api/bills', token, {
        subscription_id: first.id,
        payment_method_code: 'credit_card',
        payment_profile_id: good.id,
      });
      expect(paid.statusCode).toBe(201);
      expect(paid.json()).toMatchObject({
        status: 'active',
        card: { last_four: '1111' },
        bill: { status: 'paid' },
      });
      expect(paid.json().paid_until > first.paid_until).toBe(true);
      expect(await planOf(accountId)).toBe(1);
    } finally {
      app.clock.now = new Date();
    }
  });

  it('pays only the account’s own active subscription', async () => {
    const first = await buyer();
    const second = await buyer();
    const theirs = (await payByCard(first.token, CARDS.approved, billingPlan(1, 1))).json();
    const stolen = await call('POST', '/payment-api/bills', second.token, {
      subscription_id: theirs.id,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({
      context: { additionalInfo: [{ field: 'body.subscription_id' }] },
    });
  });
});

describe('the account’s customer id at the provider', () => {
  it('is kept by PUT /api/payments/{provider}/updated-{provider}-id and reused by the next purchase', async () => {
    const { accountId, token } = await buyer();
    const stored = await call('PUT', '/api/payments/sandbox/updated-sandbox-id', token, {
      provider_customer_id: ' sbx_cus_given ',
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ provider: 'sandbox', provider_customer_id: 'sbx_cus_given' });
    await customer(token);
    const rows = await app.db
      .select({ providerId: t.paymentCustomers.providerId })
      .from(t.paymentCustomers)
      .where(eq(t.paymentCustomers.accountId, accountId));
    expect(rows).toEqual([{ providerId: 'sbx_cus_given' }]);

    const empty = await call('PUT', '/api/payments/vindi/updated-vindi-id', token, {
      provider_customer_id: '  ',
    });
    expect(empty.statusCode).toBe(400);
    const american = await buyer(3);
    const refused = await call('PUT', '/api/payments/vindi/updated-vindi-id', american.token, {
      provider_customer_id: '123',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is created once at the provider and kept for every later purchase', async () => {
    const { accountId, token } = await buyer();
    await customer(token);
    await customer(token);
    const rows = await app.db
      .select({ providerId: t.paymentCustomers.providerId })
      .from(t.paymentCustomers)
      .where(eq(t.paymentCustomers.accountId, accountId));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.providerId).toBe(rows[1]!.providerId);
  });
});

describe('card data in logs', () => {
  it('no log line of a card payment, good or refused, holds the card number or the CVV', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      db: app.db,
      maintenance: { enabled: false },
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
      publicUrl: 'http://lavoura.test',
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    await logged.ready();
    try {
      const { token } = await buyer();
      const send = (url: string, payload: Record<string, unknown>) =>
        logged.inject({ method: 'POST', url, headers: bearer(token), payload });
      const customerId = (
        await send('/payment-api/customers', {
          name: 'Helena Ribeiro',
          email: 'helena@fazenda.test',
          registry_code: '12345678909',
          address: {
            street: 'Rua A',
            number: '1',
            zipcode: '86010000',
            neighborhood: 'Centro',
            city: 'Londrina',
            state: 'PR',
            country: 'BR',
          },
        })
      ).json().id;
      const cards = [
        ['4000000000000002', '987'], // declined at the charge
        ['4111111111111112', '654'], // refused by our checks
        ['41111111111111111111111111111111111', '321'], // refused by the schema
      ];
      for (const [number, cvv] of cards) {
        const profile = await send('/payment-api/payment-profiles', {
          customer_id: customerId,
          holder_name: 'HELENA',
          card_number: number,
          card_expiration: '12/2030',
          card_cvv: cvv,
        });
        if (profile.statusCode === 201)
          await send('/payment-api/subscriptions', {
            customer_id: customerId,
            plan_id: billingPlan(1, 1).id,
            payment_method_code: 'credit_card',
            payment_profile_id: profile.json().id,
          });
      }
      expect(lines.length).toBeGreaterThan(5);
      const text = lines.join('\n');
      for (const [number, cvv] of cards) {
        expect(text).not.toContain(number!.slice(0, 12));
        expect(text).not.toMatch(new RegExp(`\\b${cvv}\\b`));
      }
    } finally {
      await logged.close();
    }
  });
});
