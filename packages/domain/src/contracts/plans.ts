import { z } from 'zod/mini';
import { queryIdSchema } from './common.ts';

/** `GET /api/freemium` and `POST /api/freemium/consume` (spec 1 §3 and §7). */
export const freeUsageSchema = z.object({
  limit: z.nullable(z.int()),
  used: z.int(),
  progress: z.int(),
});

// ---- billing plans (spec 1 §3 and §7; prices in reais) -----------------------------------------

const billingPlanStatusSchema = z.enum(['active', 'inactive']);

/** `GET /payment-api/plans?language=`: names and interval names in the language asked for. */
export const billingPlanSchema = z.object({
  id: z.int(),
  /** The tier (plan) it sells: 1 Light, 2 Pro, 3 Lavoura, 4 Full. */
  tier_id: z.int(),
  name: z.string(),
  status: billingPlanStatusSchema,
  interval_name: z.string(),
  /** Months: 1, 6 or 12. */
  interval_count: z.int(),
  price: z.number(),
  price_per_month: z.number(),
  plan_items: z.array(z.object({ pricing_schema: z.object({ short_format: z.string() }) })),
});

export const billingPlansQuerySchema = z.object({
  language: z.optional(z.enum(['pt', 'en', 'es'])),
});

/** The back office's billing plan (platform administrators): a name per language. */
export const billingPlanBodySchema = z.object({
  tier_id: z.int().check(z.minimum(1), z.maximum(4)),
  interval_count: z.union([z.literal(1), z.literal(6), z.literal(12)]),
  price: z.number().check(z.positive(), z.lte(1_000_000)),
  status: billingPlanStatusSchema,
  names: z.object({
    pt: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
    en: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
    es: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  }),
});

/** The back office's view of a billing plan: also its name in every language. */
export const billingPlanAdminSchema = z.extend(billingPlanSchema, {
  names: z.object({ pt: z.string(), en: z.string(), es: z.string() }),
});

/** A tier as `GET /api/plans` answers it, with what the plan presentation needs. */
export const planTierSchema = z.object({
  id: z.int(),
  name: z.string(),
  priority_level: z.int(),
  message_key: z.string(),
  /** The tier's logo in the web app's assets; null when it has none. */
  logo_uri: z.nullable(z.string()),
  /** Where the tier is presented (the web app's /plans, at the tier). */
  upsell_uri: z.nullable(z.string()),
  /** The lowest monthly price over its active billing plans, two decimals; null for free tiers. */
  cheapest_price_per_month: z.nullable(z.number()),
});

// ---- payment (spec 1 §3, §5 and §7; DESIGN.md §6: one provider interface) ------------------------

export const PAYMENT_METHOD_CODES = ['credit_card', 'bank_slip', 'cash'] as const;
const paymentMethodCodeSchema = z.enum(PAYMENT_METHOD_CODES);
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;

/** The payment providers the API speaks to (PAYMENT_PROVIDER). */
export const PAYMENT_PROVIDER_KINDS = ['sandbox', 'vindi'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number];

/**
 * `GET /payment-api/provider`: who takes the payments. `sandbox` is the offline default: the web
 * app says so on the payment page (nothing is charged).
 */
export const paymentProviderSchema = z.object({ kind: z.enum(PAYMENT_PROVIDER_KINDS) });

/** `GET /payment-api/payments-methods` */
export const paymentMethodSchema = z.object({ code: paymentMethodCodeSchema, name: z.string() });

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** `POST /payment-api/customers`: CPF (11 digits) or CNPJ (14), punctuation allowed. */
export const customerBodySchema = z.object({
  name: text(120),
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email()),
  registry_code: z
    .string()
    .check(z.refine((value) => /^(\d{11}|\d{14})$/.test(value.replace(/[.\-/\s]/g, '')))),
  address: z.object({
    street: text(120),
    number: text(20),
    zipcode: z.string().check(z.refine((value) => /^\d{8}$/.test(value.replace(/\D/g, '')))),
    neighborhood: text(80),
    city: text(80),
    state: z.string().check(z.regex(/^[A-Z]{2}$/)),
    country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  }),
});
export const customerSchema = z.object({ id: z.int() });

/** `POST /payment-api/payment-profiles`: the card goes to the provider; we keep brand and last four. */
export const paymentProfileBodySchema = z.object({
  customer_id: z.int(),
  holder_name: text(120),
  card_number: z.string().check(z.maxLength(32)),
  /** MM/YYYY */
  card_expiration: z.string().check(z.maxLength(7)),
  card_cvv: z.string().check(z.maxLength(4)),
});
export const paymentProfileSchema = z.object({
  id: z.int(),
  card_brand: z.string(),
  last_four: z.string(),
});

const billStatusSchema = z.enum(['pending', 'paid', 'expired', 'failed']);

const billSchema = z.object({
  id: z.int(),
  status: billStatusSchema,
  amount: z.number(),
  /** YYYY-MM-DD; a bank slip is due 3 days after it is issued. */
  due_date: z.string(),
  /** Bank slip only: the typable line and the barcode's digits. */
  typable_line: z.nullable(z.string()),
  barcode: z.nullable(z.string()),
  payment_method_code: paymentMethodCodeSchema,
});

/** `POST /payment-api/subscriptions`: charges the first bill (402 declined, 502 provider error). */
export const subscriptionBodySchema = z.object({
  customer_id: z.int(),
  /** The billing plan. */
  plan_id: z.int(),
  payment_method_code: paymentMethodCodeSchema,
  payment_profile_id: z.optional(z.int()),
});

/**
 * `POST /payment-api/bills`: pays an active subscription's next period now, by its own method or
 * another (a card of the account's).
 */
export const nextBillBodySchema = z.object({
  subscription_id: z.int(),
  payment_method_code: z.optional(paymentMethodCodeSchema),
  payment_profile_id: z.optional(z.int()),
});

/** `PUT /api/payments/{provider}/updated-{provider}-id`: the account's customer id there. */
export const providerCustomerIdBodySchema = z.object({
  provider_customer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});
export const providerCustomerIdSchema = z.object({
  provider: z.string(),
  provider_customer_id: z.string(),
});

const subscriptionStatusSchema = z.enum(['pending', 'active', 'canceled', 'ended']);

/** `GET /api/subscription` (null without one) and the answer of `POST /payment-api/subscriptions`. */
export const subscriptionSchema = z.object({
  id: z.int(),
  status: subscriptionStatusSchema,
  tier: z.object({ id: z.int(), name: z.string() }),
  billing_plan_id: z.int(),
  interval_count: z.int(),
  payment_method_code: paymentMethodCodeSchema,
  card: z.nullable(z.object({ brand: z.string(), last_four: z.string() })),
  /** The last day paid for (YYYY-MM-DD); null until the first bill is paid. */
  paid_until: z.nullable(z.string()),
  /** The day the next bill is issued; null once canceled. */
  next_bill_date: z.nullable(z.string()),
  /** Cancelled: the plan stays until paid_until, then the account returns to Freemium. */
  canceled_at: z.nullable(z.string()),
  bill: z.nullable(billSchema),
});

/** `PUT /admin-api/bills/{id}`: the platform administrator settles a bank slip or cash bill. */
export const billSettlementBodySchema = z.object({ status: z.enum(['paid', 'expired']) });

/**
 * `PUT /api/plan/{plan_id}/account/{account_id}/interval/{interval}/update-plan`: the tier, the
 * account and the months (1, 6 or 12) of the subscription whose bill was paid.
 */
export const planUpdateParamsSchema = z.object({
  plan_id: queryIdSchema,
  account_id: queryIdSchema,
  interval: z.pipe(z.coerce.number(), z.union([z.literal(1), z.literal(6), z.literal(12)])),
});

/** `POST /payment-api/webhooks/vindi?secret=`: the secret the webhook was registered with. */
export const vindiWebhookQuerySchema = z.object({
  secret: z.optional(z.string().check(z.maxLength(200))),
});

/** What Vindi's webhook posts: the event and, for bill events, the bill (other fields kept). */
export const vindiWebhookBodySchema = z.object({
  event: z.object({
    type: z.string(),
    data: z.looseObject({
      bill: z.optional(
        z.looseObject({
          id: z.number(),
          amount: z.optional(z.union([z.number(), z.string()])),
          subscription: z.optional(z.nullable(z.looseObject({ id: z.number() }))),
        }),
      ),
    }),
  }),
});

/** The webhook's answer: whether the event settled one of our bills. */
export const vindiWebhookAnswerSchema = z.object({ handled: z.boolean() });

export type BillingPlan = z.infer<typeof billingPlanSchema>;
export type NextBillBody = z.infer<typeof nextBillBodySchema>;
export type BillingPlanAdmin = z.infer<typeof billingPlanAdminSchema>;
export type BillingPlanBody = z.infer<typeof billingPlanBodySchema>;
export type PlanTier = z.infer<typeof planTierSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type PaymentProviderAnswer = z.infer<typeof paymentProviderSchema>;
export type Customer = z.infer<typeof customerSchema>;
export type CustomerBody = z.infer<typeof customerBodySchema>;
export type PaymentProfileBody = z.infer<typeof paymentProfileBodySchema>;
export type PaymentProfile = z.infer<typeof paymentProfileSchema>;
export type Bill = z.infer<typeof billSchema>;
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;
export type FreeUsageAnswer = z.infer<typeof freeUsageSchema>;
