import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import * as t from '../../db/schema.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { vindiPaymentProvider } from '../../providers/payments/vindi-provider.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const API_KEY = 'vindi-test-key';
const SECRET = 'webhook-secret-0123456789';

/**
 * A local stand-in for Vindi's REST API (customers, payment profiles, subscriptions with their
 * first bill), as its documentation and its webhook payloads describe it. It records what it was
 * sent; a card ending 0002 is rejected by the "gateway", one ending 0119 makes it fail.
 */
function fakeVindi() {
  const received: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
  const cards = new Map<number, string>();
  const subscriptionCards = new Map<number, string | undefined>();
  let next = 1000;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const reply = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (
        request.headers.authorization !== `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`
      )
        return reply(401, { errors: [{ id: 'unauthorized' }] });
      next += 1;
      if (request.url === '/api/v1/customers') return reply(201, { customer: { id: next } });
      if (request.url === '/api/v1/payment_profiles') {
        cards.set(next, String(body.card_number));
        return reply(201, {
          payment_profile: { id: next, card_number_last_four: String(body.card_number).slice(-4) },
        });
      }
      if (request.url === '/api/v1/subscriptions') {
        const method = body.payment_method_code;
        const card = cards.get(Number((body.payment_profile as { id?: number } | undefined)?.id));
        if (card?.endsWith('0119')) return reply(503, { errors: [{ id: 'gateway' }] });
        const rejected = card?.endsWith('0002');
        const bill =
          method === 'credit_card'
            ? {
                id: next + 1,
                status: rejected ? 'pending' : 'paid',
                charges: [
                  {
                    status: rejected ? 'rejected' : 'paid',
                    last_transaction: { status: rejected ? 'rejected' : 'success' },
                  },
                ],
              }
            : {
                id: next + 1,
                status: 'pending',
                charges: [
                  {
                    status: 'pending',
                    last_transaction: {
                      status: 'waiting',
                      gateway_response_fields: {
                        typeable_barcode: '00190.00009 01234.567891 23456.789012 3 99990000049000',
                        barcode: '00193999900000490000000001234567892345678901',
                      },
                    },
                  },
                ],
              };
        subscriptionCards.set(next, card);
        return reply(201, { subscription: { id: next }, bill });
      }
      const renewal = /^\/api\/v1\/subscriptions\/(\d+)\/renew$/.exec(request.url ?? '');
      if (renewal && subscriptionCards.has(Number(renewal[1]))) {
        const rejected = subscriptionCards.get(Number(renewal[1]))?.endsWith('0002');
        return reply(200, {
          bill: {
            id: next,
            status: rejected ? 'pending' : 'paid',
            charges: [{ status: rejected ? 'rejected' : 'paid', last_transaction: {} }],
          },
        });
      }
      return reply(404, { errors: [{ id: 'not_found' }] });
    });
  });
  return { server, received };
}

let app: TestApp;
let vindiApp: FastifyInstance;
let vindi: ReturnType<typeof fakeVindi>;
let plans: { id: number; tier_id: number; interval_count: number }[];

beforeAll(async () => {
  app = await createTestApp();
  vindi = fakeVindi();
  await new Promise<void>((resolve) => vindi.server.listen(0, '127.0.0.1', resolve));
  const port = (vindi.server.address() as AddressInfo).port;
  const token = (await accountWith(app, ['CONTA'], { planId: 5 })).members.CONTA!.token;
  plans = (
    await app.app.inject({ method: 'GET', url: '/payment-api/plans', headers: bearer(token) })
  ).json();
  // A second app on the same database, paying through Vindi (the fake) instead of the sandbox.
  vindiApp = await buildApp({
    db: app.db,
    maintenance: { enabled: false },
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    publicUrl: 'http://lavoura.test',
    paymentProvider: vindiPaymentProvider({
      apiUrl: `http://127.0.0.1:${port}/api/v1`,
      apiKey: API_KEY,
      plans: new Map(plans.map((plan) => [plan.id, 50_000 + plan.id])),
    }),
    paymentWebhookSecret: SECRET,
  });
  await vindiApp.ready();
});
afterAll(async () => {
  await vindiApp.close();
  vindi.server.close();
  await app.close();
});

const plan = (tier: number, months: number) =>
  plans.find((p) => p.tier_id === tier && p.interval_count === months)!;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: Record<string, unknown>) =>
  vindiApp.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function buyer() {
  const account = await accountWith(app, ['CONTA'], { planId: 5, contractStart: null });
  const token = account.members.CONTA!.token;
  const customer = await call('POST', '/payment-api/customers', token, {
    name: 'Helena Ribeiro',
    email: 'helena@fazenda.test',
    registry_code: '12.345.678/0001-95',
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
  expect(customer.statusCode).toBe(201);
  return { accountId: account.accountId, token, customerId: customer.json().id as number };
}

async function planOf(accountId: number) {
  const [row] = await app.db
    .select({ planId: t.accounts.planId })
    .from(t.accounts)
    .where(eq(t.accounts.id, accountId));
  return row!.planId;
}

async function payByCard(number: string) {
  const { accountId, token, customerId } = await buyer();
  const profile = await call('POST', '/payment-api/payment-profiles', token, {
    customer_id: customerId,
    holder_name: 'HELENA RIBEIRO',
    card_number: number,
    card_expiration: '12/2030',
    card_cvv: '123',
  });
  expect(profile.statusCode).toBe(201);
  const answer = await call('POST', '/payment-api/subscriptions', token, {
    customer_id: customerId,
    plan_id: plan(1, 12).id,
    payment_method_code: 'credit_card',
    payment_profile_id: profile.json().id,
  });
  return { accountId, token, answer };
}

describe('paying through Vindi', () => {
  it('sends customer, card and subscription with the API key; a paid card bill raises the plan', async () => {
    const { accountId, answer } = await payByCard('5555 5555 5555 4444');
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      status: 'active',
      card: { brand: 'MasterCard', last_four: '4444' },
    });
    expect(await planOf(accountId)).toBe(1);
    const paths = vindi.received.slice(-3).map((call) => call.path);
    expect(paths).toEqual([
      '/api/v1/customers',
      '/api/v1/payment_profiles',
      '/api/v1/subscriptions',
    ]);
    expect(vindi.received.at(-3)!.body).toMatchObject({
      registry_code: '12345678000195',
      address: { city: 'Londrina', state: 'PR' },
    });
    expect(vindi.received.at(-1)!.body).toMatchObject({
      plan_id: 50_000 + plan(1, 12).id,
      payment_method_code: 'credit_card',
    });
  });

  it('a rejected card answers 402 and a failing gateway 502, changing no plan', async () => {
    const declined = await payByCard('4000000000000002');
    expect(declined.answer.statusCode).toBe(402);
    expect(await planOf(declined.accountId)).toBe(5);
    const failed = await payByCard('4000000000000119');
    expect(failed.answer.statusCode).toBe(502);
    expect(await planOf(failed.accountId)).toBe(5);
  });

  it('a bank slip waits for the bill_paid webhook; a wrong secret or a repeat changes nothing', async () => {
    const { accountId, token, customerId } = await buyer();
    const answer = await call('POST', '/payment-api/subscriptions', token, {
      customer_id: customerId,
      plan_id: plan(2, 12).id,
      payment_method_code: 'bank_slip',
    });
    expect(answer.statusCode).toBe(201);
    const { bill } = answer.json();
    expect(bill).toMatchObject({
      status: 'pending',
      typable_line: '00190000090123456789123456789012399990000049000',
      barcode: '00193999900000490000000001234567892345678901',
    });
    const vindiBillId = Number(
      (
        await app.db
          .select({ providerId: t.bills.providerId })
          .from(t.bills)
          .where(eq(t.bills.id, bill.id))
      )[0]!.providerId,
    );
    const notice = {
      event: { type: 'bill_paid', data: { bill: { id: vindiBillId, status: 'paid' } } },
    };

    const forged = await vindiApp.inject({
      method: 'POST',
      url: '/payment-api/webhooks/vindi?secret=wrong-secret-0123456789',
      payload: notice,
    });
    expect(forged.statusCode).toBe(401);
    expect(await planOf(accountId)).toBe(5);

    const paid = await vindiApp.inject({
      method: 'POST',
      url: `/payment-api/webhooks/vindi?secret=${SECRET}`,
      payload: notice,
    });
    expect(paid.json()).toEqual({ handled: true });
    expect(await planOf(accountId)).toBe(2);
    const repeat = await vindiApp.inject({
      method: 'POST',
      url: `/payment-api/webhooks/vindi?secret=${SECRET}`,
      payload: notice,
    });
    expect(repeat.json()).toEqual({ handled: false });
    const other = await vindiApp.inject({
      method: 'POST',
      url: `/payment-api/webhooks/vindi?secret=${SECRET}`,
      payload: { event: { type: 'subscription_created', data: {} } },
    });
    expect(other.json()).toEqual({ handled: false });
  });

  it('renews by itself: its bill_paid for a new bill of our subscription extends it, our timer stays out', async () => {
    const { accountId, answer } = await payByCard('5555 5555 5555 4444');
    const first = answer.json();
    const [subscription] = await app.db
      .select({ providerId: t.subscriptions.providerId })
      .from(t.subscriptions)
      .where(eq(t.subscriptions.id, first.id));
    const before = vindi.received.length;
    app.clock.now = new Date(`${first.next_bill_date}T15:00:00Z`);
    try {
      await vindiApp.runSubscriptionJobs();
      expect(vindi.received.length).toBe(before); // Vindi bills its renewals, not us
      const renewed = await vindiApp.inject({
        method: 'POST',
        url: `/payment-api/webhooks/vindi?secret=${SECRET}`,
        payload: {
          event: {
            type: 'bill_paid',
            data: {
              bill: {
                id: 987_654,
                amount: '490.0',
                status: 'paid',
                subscription: { id: Number(subscription!.providerId) },
              },
            },
          },
        },
      });
      expect(renewed.json()).toEqual({ handled: true });
      const [row] = await app.db
        .select({ paidUntil: t.subscriptions.paidUntil, status: t.subscriptions.status })
        .from(t.subscriptions)
        .where(eq(t.subscriptions.id, first.id));
      expect(row!.status).toBe('active');
      expect(row!.paidUntil! > first.paid_until).toBe(true);
      const bills = await app.db
        .select({ amount: t.bills.amount, status: t.bills.status })
        .from(t.bills)
        .where(eq(t.bills.accountId, accountId));
      expect(bills).toEqual([
        { amount: expect.any(String), status: 'paid' },
        { amount: '490.00', status: 'paid' },
      ]);
      await vindiApp.runSubscriptionJobs();
      expect(await planOf(accountId)).toBe(1);
    } finally {
      app.clock.now = new Date();
    }
  });

  it('pays the next period now through Vindi’s renewal call', async () => {
    const { token, answer } = await payByCard('5555 5555 5555 4444');
    const first = answer.json();
    const paid = await call('POST', '/payment-api/bills', token, { subscription_id: first.id });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().paid_until > first.paid_until).toBe(true);
    expect(vindi.received.at(-1)!.path).toMatch(/^\/api\/v1\/subscriptions\/\d+\/renew$/);
  });
});
