import {
  ERRORS,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHOD_NAMES,
  type CustomerBody,
  type Language,
  type PaymentMethod,
  type PaymentProfile,
  type PaymentProfileBody,
} from '@lavoura/domain';
import { CARD_BRAND_NAMES, checkCard } from '@lavoura/domain/card';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import type { Session } from '../auth/session.types.ts';
import type { PaymentRecords, PaymentsDeps } from './payment-records.service.ts';

/**
 * Before a purchase: the payment methods, the account's customer at the provider (CPF or CNPJ,
 * address) and its cards, of which we keep the provider's token, the brand and the last four.
 */
export class PaymentCustomersService {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly records: PaymentRecords,
  ) {}

  get providerKind(): PaymentProvider['kind'] {
    return this.deps.provider.kind;
  }

  paymentMethods(language: Language): PaymentMethod[] {
    return PAYMENT_METHOD_CODES.map((code) => ({
      code,
      name: PAYMENT_METHOD_NAMES[language][code],
    }));
  }

  async createCustomer(session: Session, body: CustomerBody): Promise<{ id: number }> {
    this.records.assertMayBuy(session);
    const registryCode = body.registry_code.replace(/\D/g, '');
    const kind = this.deps.provider.kind;
    // The account's customer at the provider is reused (every purchase, or one given by
    // PUT /api/payments/{provider}/updated-{provider}-id); a first purchase creates it.
    const known = await this.providerCustomerId(session.accountId);
    const providerId =
      known ??
      (await this.deps.provider.createCustomer({ ...body, registry_code: registryCode }))
        .providerId;
    const row = await this.deps.db.transaction(async (tx) => {
      if (!known) await this.storeProviderCustomerId(tx, session.accountId, kind, providerId);
      const [inserted] = await tx
        .insert(t.paymentCustomers)
        .values({
          accountId: session.accountId,
          provider: kind,
          providerId,
          name: body.name,
          email: body.email,
          registryCode,
          address: body.address,
        })
        .returning({ id: t.paymentCustomers.id });
      return inserted!;
    });
    return { id: row.id };
  }

  /**
   * `PUT /api/payments/{provider}/updated-{provider}-id`: the account's customer id at a provider
   * (created on its side, by its own checkout or support), kept on the account and used by the
   * next purchase instead of creating another customer.
   */
  async updateProviderCustomerId(
    session: Session,
    provider: PaymentProvider['kind'],
    providerId: string,
  ): Promise<{ provider: PaymentProvider['kind']; provider_customer_id: string }> {
    this.records.assertMayBuy(session);
    await this.storeProviderCustomerId(this.deps.db, session.accountId, provider, providerId);
    return { provider, provider_customer_id: providerId };
  }

  private async providerCustomerId(accountId: number): Promise<string | null> {
    const [account] = await this.deps.db
      .select({ ids: t.accounts.paymentCustomerIds })
      .from(t.accounts)
      .where(eq(t.accounts.id, accountId));
    return account?.ids[this.deps.provider.kind] ?? null;
  }

  private async storeProviderCustomerId(
    db: Executor,
    accountId: number,
    provider: string,
    providerId: string,
  ): Promise<void> {
    await db
      .update(t.accounts)
      .set({
        paymentCustomerIds: sql`${t.accounts.paymentCustomerIds} || jsonb_build_object(${provider}::text, ${providerId}::text)`,
        updatedAt: this.records.now(),
      })
      .where(eq(t.accounts.id, accountId));
  }

  /** Registers a card with the provider; we keep its token, brand and last four digits only. */
  async createPaymentProfile(session: Session, body: PaymentProfileBody): Promise<PaymentProfile> {
    this.records.assertMayBuy(session);
    const customer = await this.records.customer(session, body.customer_id);
    const card = checkCard(body, this.records.now());
    if (!card.ok)
      throw new AppError(ERRORS.paymentInvalidCard, 'Invalid card', {
        field: card.field,
        reason: card.reason,
      });
    const { token } = await this.deps.provider.createCard({
      customerProviderId: customer.providerId,
      holderName: body.holder_name,
      cardNumber: body.card_number.replace(/[\s-]/g, ''),
      cardExpiration: body.card_expiration,
      cardCvv: body.card_cvv,
      brand: card.brand,
    });
    const [row] = await this.deps.db
      .insert(t.paymentProfiles)
      .values({
        accountId: session.accountId,
        customerId: customer.id,
        provider: this.deps.provider.kind,
        providerToken: token,
        holderName: body.holder_name,
        brand: card.brand,
        lastFour: card.last_four,
      })
      .returning({ id: t.paymentProfiles.id });
    return { id: row!.id, card_brand: CARD_BRAND_NAMES[card.brand], last_four: card.last_four };
  }
}
