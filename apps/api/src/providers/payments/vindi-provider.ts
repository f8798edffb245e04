import type { PaymentMethodCode } from '@lavoura/domain';
import {
  CardDeclinedError,
  ProviderFailureError,
  type PaymentProvider,
  type ProviderBill,
} from './payment-provider.ts';

export interface VindiSettings {
  /** https://app.vindi.com.br/api/v1 (production) or https://sandbox-app.vindi.com.br/api/v1. */
  apiUrl: string;
  apiKey: string;
  /** Our billing plan id → the Vindi plan that bills it (VINDI_PLANS="1=51234,2=51235"). */
  plans: ReadonlyMap<number, number>;
  /** How long a call may take before it counts as a provider failure. */
  timeoutMs?: number;
}

/** Parses VINDI_PLANS: comma-separated `ourBillingPlanId=vindiPlanId` pairs. */
export function parseVindiPlans(text: string): Map<number, number> {
  const plans = new Map<number, number>();
  for (const pair of text.split(',').filter((item) => item.trim())) {
    const [ours, theirs] = pair.split('=').map((part) => Number(part.trim()));
    if (!Number.isInteger(ours) || !Number.isInteger(theirs))
      throw new Error(`VINDI_PLANS: "${pair}" is not billingPlanId=vindiPlanId`);
    plans.set(ours!, theirs!);
  }
  return plans;
}

interface VindiCharge {
  status?: string;
  last_transaction?: {
    status?: string;
    gateway_response_fields?: Record<string, unknown> | null;
  } | null;
}

interface VindiBill {
  id: number;
  status: string;
  charges?: VindiCharge[];
}

/** Our view of a Vindi bill: a card bill not paid was declined (or the gateway failed). */
function billOf(bill: VindiBill, paymentMethod: PaymentMethodCode): ProviderBill {
  const charge = bill.charges?.[0];
  const transaction = charge?.last_transaction?.status;
  if (paymentMethod === 'credit_card' && bill.status !== 'paid') {
    if (transaction === 'rejected' || charge?.status === 'rejected')
      throw new CardDeclinedError('Vindi: card rejected');
    throw new ProviderFailureError(`Vindi: card bill ${bill.status} (${transaction})`);
  }
  const fields = charge?.last_transaction?.gateway_response_fields ?? {};
  const text = (value: unknown) =>
    typeof value === 'string' && value ? value.replace(/\D/g, '') : null;
  return {
    providerId: String(bill.id),
    status: bill.status === 'paid' ? 'paid' : 'pending',
    typableLine: text(fields.typeable_barcode ?? fields.typable_barcode),
    barcode: text(fields.barcode),
  };
}

/**
 * Vindi, the Brazilian recurring-billing REST API (customers, payment profiles, subscriptions and
 * their bills; HTTP Basic with the API key as user). A declined card comes back as a bill whose
 * charge's last transaction is `rejected`; the bank slip's lines are in that transaction's
 * gateway fields. Bills paid later arrive by its webhook (payments.routes.ts).
 */
export function vindiPaymentProvider(settings: VindiSettings): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}`;

  async function call<T>(path: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ProviderFailureError(`Vindi unreachable: ${(error as Error).message}`);
    }
    if (response.status === 422) {
      // Vindi refused what it was sent (a card it will not take): told as a declined card.
      throw new CardDeclinedError(`Vindi refused ${path}`);
    }
    if (!response.ok) throw new ProviderFailureError(`Vindi ${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    kind: 'vindi',
    renewsItself: true,
    async createCustomer(customer) {
      const answer = await call<{ customer: { id: number } }>('/customers', {
        name: customer.name,
        email: customer.email,
        registry_code: customer.registry_code,
        address: customer.address,
      });
      return { providerId: String(answer.customer.id) };
    },
    async createCard(card) {
      const answer = await call<{ payment_profile: { id: number } }>('/payment_profiles', {
        holder_name: card.holderName,
        card_expiration: card.cardExpiration,
        card_number: card.cardNumber,
        card_cvv: card.cardCvv,
        customer_id: Number(card.customerProviderId),
        payment_method_code: 'credit_card',
      });
      return { token: String(answer.payment_profile.id) };
    },
    async subscribe(input) {
      const planId = settings.plans.get(input.billingPlanId);
      if (planId === undefined)
        throw new ProviderFailureError(`No Vindi plan for billing plan ${input.billingPlanId}`);
      const answer = await call<{ subscription: { id: number }; bill?: VindiBill | null }>(
        '/subscriptions',
        {
          plan_id: planId,
          customer_id: Number(input.customerProviderId),
          payment_method_code: input.paymentMethod,
          ...(input.cardToken ? { payment_profile: { id: Number(input.cardToken) } } : {}),
        },
      );
      if (!answer.bill)
        throw new ProviderFailureError('Vindi opened the subscription without a bill');
      return {
        subscriptionProviderId: String(answer.subscription.id),
        bill: billOf(answer.bill, input.paymentMethod),
      };
    },
    async chargeBill(input) {
      // Vindi's renewal of one period: it issues and charges the period's bill.
      const answer = await call<{ bill?: VindiBill | null }>(
        `/subscriptions/${encodeURIComponent(input.subscriptionProviderId)}/renew`,
        {},
      );
      if (!answer.bill) throw new ProviderFailureError('Vindi renewed without a bill');
      return billOf(answer.bill, input.paymentMethod);
    },
  };
}
