import {
  PAYMENT_PROVIDER_KINDS,
  billSettlementBodySchema,
  billingPlansQuerySchema,
  customerBodySchema,
  customerSchema,
  nextBillBodySchema,
  providerCustomerIdBodySchema,
  providerCustomerIdSchema,
  errorBodySchema,
  idParamsSchema,
  paymentMethodSchema,
  paymentProfileBodySchema,
  paymentProfileSchema,
  paymentProviderSchema,
  planUpdateParamsSchema,
  subscriptionBodySchema,
  subscriptionSchema,
  vindiWebhookAnswerSchema,
  vindiWebhookBodySchema,
  vindiWebhookQuerySchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { ERRORS } from '@lavoura/domain';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { PaymentServices } from './payment-services.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const chargeErrors = {
  ...errors,
  402: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};
const tags = ['plans'];
/**
 * The payment API belongs to the account's administrator whatever the plan: the service refuses
 * anyone else and accounts outside Brazil (buyingRefusal). The plan's /payment page is not its
 * rule: Full closes that page (nothing left to offer), yet the administrator who has just paid for
 * Full confirms it, and a Full account pays its next bill, changes its card or cancels.
 */
const buying = { access: {} };

/** The payment API (spec 1 §7, DESIGN.md §6) and the account's subscription. */
export function paymentRoutes(payments: PaymentServices) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/payment-api/payments-methods',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'listPaymentMethods',
          summary: 'Credit card, bank slip and cash, named in the language asked for',
          querystring: billingPlansQuerySchema,
          response: { 200: z.array(paymentMethodSchema), ...errors },
        },
      },
      async (request) => payments.customers.paymentMethods(request.query.language ?? 'pt'),
    );
    app.get(
      '/payment-api/provider',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'getPaymentProvider',
          summary: 'Who takes the payments: the offline sandbox (nothing charged) or Vindi',
          response: { 200: paymentProviderSchema, ...errors },
        },
      },
      async () => ({ kind: payments.customers.providerKind }),
    );
    app.post(
      '/payment-api/customers',
      {
        config: buying,
        schema: {
          tags,
          operationId: 'createPaymentCustomer',
          summary: 'The account’s customer at the payment provider (CPF or CNPJ, address)',
          body: customerBodySchema,
          response: { 201: customerSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await payments.customers.createCustomer(sessionOf(request), request.body)),
    );
    app.post(
      '/payment-api/payment-profiles',
      {
        config: buying,
        schema: {
          tags,
          operationId: 'createPaymentProfile',
          summary: 'Register a card with the provider; only its brand and last four are kept',
          body: paymentProfileBodySchema,
          response: { 201: paymentProfileSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await payments.customers.createPaymentProfile(sessionOf(request), request.body)),
    );
    app.post(
      '/payment-api/subscriptions',
      {
        config: buying,
        schema: {
          tags,
          operationId: 'createSubscription',
          summary:
            'Subscribe to a billing plan and charge its first bill (402 declined, 502 failure)',
          body: subscriptionBodySchema,
          response: { 201: subscriptionSchema, ...chargeErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await payments.subscriptions.subscribe(sessionOf(request), request.body)),
    );
    app.post(
      '/payment-api/bills',
      {
        config: buying,
        schema: {
          tags,
          operationId: 'payNextBill',
          summary:
            'Pay an active subscription’s next period now (ahead, or again after a refused renewal)',
          body: nextBillBodySchema,
          response: { 201: subscriptionSchema, ...chargeErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await payments.renewals.payNextBill(sessionOf(request), request.body)),
    );
    // The spec's path names the provider twice: one route per provider we speak to.
    for (const provider of PAYMENT_PROVIDER_KINDS)
      app.put(
        `/api/payments/${provider}/updated-${provider}-id`,
        {
          config: buying,
          schema: {
            tags,
            operationId: `update${provider[0]!.toUpperCase()}${provider.slice(1)}CustomerId`,
            summary: `Keep the account’s customer id at ${provider} for its next purchases`,
            body: providerCustomerIdBodySchema,
            response: { 200: providerCustomerIdSchema, ...errors },
          },
        },
        async (request) =>
          payments.customers.updateProviderCustomerId(
            sessionOf(request),
            provider,
            request.body.provider_customer_id,
          ),
      );
    app.put(
      '/api/plan/:plan_id/account/:account_id/interval/:interval/update-plan',
      {
        config: buying,
        schema: {
          tags,
          operationId: 'updatePlan',
          summary: 'The subscription once its bill is paid (the plan has risen); 409 while pending',
          params: planUpdateParamsSchema,
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) =>
        payments.subscriptions.confirmPlan(sessionOf(request), {
          tierId: request.params.plan_id,
          accountId: request.params.account_id,
          interval: request.params.interval,
        }),
    );
    app.get(
      '/api/subscription',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'getSubscription',
          summary: 'The account’s subscription (plan, interval, status, next bill, card), or null',
          response: { 200: z.nullable(subscriptionSchema), ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { key, version } = await payments.subscriptions.currentVersion(session);
        await reply.versionedAnswer(key, version, () => payments.subscriptions.current(session));
        return reply;
      },
    );
    app.delete(
      '/api/subscription',
      {
        config: buying,
        schema: {
          tags,
          operationId: 'cancelSubscription',
          summary: 'Cancel: the plan stays until the paid period ends, then Freemium',
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) => payments.subscriptions.cancel(sessionOf(request)),
    );
  };
}

/** The back office settles bank slips and cash (the sandbox's stand-in for a bank's notice). */
export function billBackOfficeRoutes(payments: PaymentServices) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    fastify.withTypeProvider<ZodTypeProvider>().put(
      '/bills/:id',
      {
        config: { access: { platformAdmin: true } },
        schema: {
          tags,
          operationId: 'settleBill',
          summary: 'Mark a pending bill paid (the plan rises) or expired',
          params: idParamsSchema,
          body: billSettlementBodySchema,
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) => payments.settlement.settleBill(request.params.id, request.body.status),
    );
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The provider's notices (Vindi's webhook, registered with ?secret=): bill_paid settles our bill
 * as paid (the plan rises) or records Vindi's renewal of a subscription, bill_canceled as expired; other events and repeats answer 200 and
 * change nothing.
 */
export function paymentWebhookRoutes(payments: PaymentServices, secret: string | undefined) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/payment-api/webhooks/vindi',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'vindiWebhook',
          summary: 'Vindi’s webhook: bill_paid and bill_canceled settle our bill',
          querystring: vindiWebhookQuerySchema,
          body: vindiWebhookBodySchema,
          response: { 200: vindiWebhookAnswerSchema, ...errors },
        },
      },
      async (request) => {
        if (!secret || !sameSecret(request.query.secret ?? '', secret))
          throw new AppError(ERRORS.invalidToken, 'Webhook secret does not match');
        const { type, data } = request.body.event;
        const status =
          type === 'bill_paid' ? 'paid' : type === 'bill_canceled' ? 'expired' : undefined;
        if (!status || !data.bill) return { handled: false };
        // A bill of a subscription that we did not issue is Vindi's own renewal.
        const subscription = data.bill.subscription;
        const amount = data.bill.amount === undefined ? null : Number(data.bill.amount);
        return {
          handled: await payments.settlement.settleProviderBill(
            'vindi',
            String(data.bill.id),
            status,
            subscription
              ? {
                  subscriptionProviderId: String(subscription.id),
                  amount: Number.isFinite(amount) ? amount : null,
                }
              : undefined,
          ),
        };
      },
    );
  };
}
