import { useQuery } from '@tanstack/react-query';
import {
  billingPlanSchema,
  customerSchema,
  freeUsageSchema,
  paymentMethodSchema,
  paymentProfileSchema,
  paymentProviderSchema,
  planTierSchema,
  subscriptionSchema,
  type BillingInterval,
  type BillingPlan,
  type Customer,
  type CustomerBody,
  type FreeUsageAnswer,
  type Language,
  type PaymentMethod,
  type PaymentProfile,
  type PaymentProfileBody,
  type PaymentProviderAnswer,
  type PlanTier,
  type Subscription,
  type SubscriptionBody,
} from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

export type { BillingPlan, PaymentMethod, PlanTier, Subscription };

/** Every query of the plans and payment flow; all hold account data (dropped on a switch). */
export const planKeys = {
  all: ['plans'] as const,
  freeUsage: ['plans', 'free-usage'] as const,
  tiers: ['plans', 'tiers'] as const,
  billingPlans: (language: Language) => ['plans', 'billing', language] as const,
  methods: ['plans', 'methods'] as const,
  provider: ['plans', 'provider'] as const,
  subscription: ['plans', 'subscription'] as const,
};

/** GET /api/freemium: the day's free uses (Freemium accounts only). */
export function useFreeUsage(enabled = true) {
  return useQuery({
    queryKey: planKeys.freeUsage,
    queryFn: ({ signal }) =>
      apiFetch<FreeUsageAnswer>('/api/freemium', { signal, schema: freeUsageSchema }),
    enabled,
  });
}

/** GET /api/plans: the tiers with their presentation and cheapest monthly price. */
export function usePlanTiers() {
  return useQuery({
    queryKey: planKeys.tiers,
    queryFn: ({ signal }) =>
      apiFetch<PlanTier[]>('/api/plans', { signal, schema: z.array(planTierSchema) }),
    staleTime: 5 * 60 * 1000,
  });
}

/** GET /payment-api/plans?language=: every billing plan, named in the language. */
export function useBillingPlans(language: Language) {
  return useQuery({
    queryKey: planKeys.billingPlans(language),
    queryFn: ({ signal }) =>
      apiFetch<BillingPlan[]>(`/payment-api/plans?language=${language}`, {
        signal,
        schema: z.array(billingPlanSchema),
      }),
    staleTime: 5 * 60 * 1000,
  });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: planKeys.methods,
    queryFn: ({ signal }) =>
      apiFetch<PaymentMethod[]>('/payment-api/payments-methods', {
        signal,
        schema: z.array(paymentMethodSchema),
      }),
    staleTime: 5 * 60 * 1000,
  });
}

/** GET /payment-api/provider: the offline sandbox (nothing is charged) or Vindi. */
export function usePaymentProvider() {
  return useQuery({
    queryKey: planKeys.provider,
    queryFn: ({ signal }) =>
      apiFetch<PaymentProviderAnswer>('/payment-api/provider', {
        signal,
        schema: paymentProviderSchema,
      }),
    staleTime: Infinity,
  });
}

/** GET /api/subscription: the account's subscription, null without one. */
export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: planKeys.subscription,
    queryFn: ({ signal }) =>
      apiFetch<Subscription | null>('/api/subscription', {
        signal,
        schema: z.nullable(subscriptionSchema),
      }),
    enabled,
  });
}

export function createCustomer(body: CustomerBody): Promise<Customer> {
  return apiFetch('/payment-api/customers', { method: 'POST', json: body, schema: customerSchema });
}

export function createPaymentProfile(body: PaymentProfileBody): Promise<PaymentProfile> {
  return apiFetch('/payment-api/payment-profiles', {
    method: 'POST',
    json: body,
    schema: paymentProfileSchema,
  });
}

export function createSubscription(body: SubscriptionBody): Promise<Subscription> {
  return apiFetch('/payment-api/subscriptions', {
    method: 'POST',
    json: body,
    schema: subscriptionSchema,
  });
}

/** Raises the account's plan once its bill is paid (409 exception.payment.pending before). */
export function updatePlan(
  tierId: number,
  accountId: number,
  interval: BillingInterval,
): Promise<Subscription> {
  return apiFetch(`/api/plan/${tierId}/account/${accountId}/interval/${interval}/update-plan`, {
    method: 'PUT',
    schema: subscriptionSchema,
  });
}

/** Pays the subscription's next period now, by its own method (after a refused renewal). */
export function payNextBill(subscriptionId: number): Promise<Subscription> {
  return apiFetch('/payment-api/bills', {
    method: 'POST',
    json: { subscription_id: subscriptionId },
    schema: subscriptionSchema,
  });
}

export function cancelSubscription(): Promise<Subscription> {
  return apiFetch('/api/subscription', { method: 'DELETE', schema: subscriptionSchema });
}
