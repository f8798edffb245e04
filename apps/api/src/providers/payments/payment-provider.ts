import type { CardBrand } from '@lavoura/domain/card';
import type { CustomerBody, PaymentMethodCode, PaymentProviderKind } from '@lavoura/domain';

/**
 * The payment provider behind /payment-api (DESIGN.md §6): `sandbox`, the offline default, and
 * `vindi`, the Brazilian recurring-billing API. Card numbers and CVVs pass through to the provider
 * and are never stored or logged on our side: we keep the provider's token, the brand and the
 * last four digits.
 */
/** A bill as the provider issued it. */
export interface ProviderBill {
  providerId: string;
  status: 'paid' | 'pending';
  typableLine: string | null;
  barcode: string | null;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /**
   * The provider bills each new period of a subscription by itself and tells us by its webhook
   * (Vindi); otherwise our hourly renewal issues the bill (the sandbox).
   */
  readonly renewsItself: boolean;
  createCustomer(customer: CustomerBody): Promise<{ providerId: string }>;
  createCard(input: {
    customerProviderId: string;
    holderName: string;
    cardNumber: string;
    cardExpiration: string;
    cardCvv: string;
    brand: CardBrand;
  }): Promise<{ token: string }>;
  /**
   * Opens the subscription and charges its first bill: a card bill is paid at once (or refused
   * with CardDeclinedError, or ProviderFailureError when the provider fails); a bank slip or cash
   * bill is pending until paid.
   */
  subscribe(input: {
    customerProviderId: string;
    billingPlanId: number;
    amount: number;
    paymentMethod: PaymentMethodCode;
    cardToken: string | null;
    dueDate: string;
  }): Promise<{ subscriptionProviderId: string; bill: ProviderBill }>;
  /**
   * Bills the next period of an open subscription now (a renewal, or paying ahead), with the same
   * outcomes as the first bill.
   */
  chargeBill(input: {
    subscriptionProviderId: string;
    amount: number;
    paymentMethod: PaymentMethodCode;
    cardToken: string | null;
    dueDate: string;
  }): Promise<ProviderBill>;
}

/** The card was refused by its issuer: the bill is not paid (402). */
export class CardDeclinedError extends Error {}

/** The provider failed or did not answer: nothing was charged (502). */
export class ProviderFailureError extends Error {}
