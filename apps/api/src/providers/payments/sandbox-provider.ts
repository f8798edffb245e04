import { randomUUID } from 'node:crypto';
import { calculaDVCodBarras, codBarras2LinhaDigitavel } from '@mrmgomes/boleto-utils';
import {
  CardDeclinedError,
  ProviderFailureError,
  type PaymentProvider,
} from './payment-provider.ts';

/** The sandbox's cards whose outcome is fixed (spec of issue 10); every other valid card is approved. */
const SANDBOX_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  providerFailure: '4000000000000119',
} as const;

type Outcome = 'approved' | 'declined' | 'failure';

/** FEBRABAN's due-date factor since 22 Feb 2025: 1000 on that day, one more per day. */
function dueDateFactor(dueDate: string): string {
  const days = Math.round(
    (Date.parse(`${dueDate}T00:00:00Z`) - Date.parse('2025-02-22T00:00:00Z')) / 86_400_000,
  );
  return String(1000 + (((days % 9000) + 9000) % 9000)).padStart(4, '0');
}

/**
 * A bank slip of the sandbox's fictitious bank 000: a 44-digit barcode in FEBRABAN's layout
 * (bank, currency 9, check digit, due-date factor, amount in cents, a free field naming the bill)
 * and its 47-digit typable line, check digits computed by boleto-utils. No bank will take it.
 */
function sandboxBankSlip(
  amount: number,
  dueDate: string,
  reference: string,
): {
  barcode: string;
  typableLine: string;
} {
  const cents = String(Math.round(amount * 100)).padStart(10, '0');
  const free = reference.replace(/\D/g, '').padStart(25, '0').slice(-25);
  const withoutDigit = `0009${dueDateFactor(dueDate)}${cents}${free}`;
  const placeholder = `${withoutDigit.slice(0, 4)}0${withoutDigit.slice(4)}`;
  const digit = calculaDVCodBarras(placeholder, 4, 11);
  const barcode = `${withoutDigit.slice(0, 4)}${digit}${withoutDigit.slice(4)}`;
  return { barcode, typableLine: codBarras2LinhaDigitavel(barcode, false) };
}

/**
 * The offline default: deterministic, local, nothing leaves the machine. Card outcomes are decided
 * by the number when the card is registered and kept in its token (never the number itself).
 */
export function sandboxPaymentProvider(): PaymentProvider {
  let slips = 0;
  return {
    kind: 'sandbox',
    async createCustomer() {
      return { providerId: `sbx_cus_${randomUUID()}` };
    },
    async createCard({ cardNumber }) {
      const outcome: Outcome =
        cardNumber === SANDBOX_CARDS.declined
          ? 'declined'
          : cardNumber === SANDBOX_CARDS.providerFailure
            ? 'failure'
            : 'approved';
      return { token: `sbx_card_${outcome}_${randomUUID()}` };
    },
    renewsItself: false,
    async subscribe(input) {
      const subscriptionProviderId = `sbx_sub_${randomUUID()}`;
      return {
        subscriptionProviderId,
        bill: await this.chargeBill({ ...input, subscriptionProviderId }),
      };
    },
    async chargeBill({ amount, paymentMethod, cardToken, dueDate }) {
      const providerId = `sbx_bill_${randomUUID()}`;
      if (paymentMethod === 'credit_card') {
        if (cardToken?.startsWith('sbx_card_declined_'))
          throw new CardDeclinedError('Sandbox card declined');
        if (cardToken?.startsWith('sbx_card_failure_'))
          throw new ProviderFailureError('Sandbox provider failure');
        return { providerId, status: 'paid', typableLine: null, barcode: null };
      }
      if (paymentMethod === 'bank_slip') {
        slips += 1;
        return {
          providerId,
          status: 'pending',
          ...sandboxBankSlip(amount, dueDate, `${Date.now()}${slips}`),
        };
      }
      return { providerId, status: 'pending', typableLine: null, barcode: null };
    },
  };
}
