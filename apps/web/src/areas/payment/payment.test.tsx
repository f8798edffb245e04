import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import { recordRequests, serve } from '../../test/msw-server';
import { subscription } from '../../test/plan-fixtures';
import { renderApp, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const LIGHT_ANNUAL = '/payment?plan_priority=1&frequency=12';
const p = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'plans', ...values });

function type(name: string, value: string) {
  fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });
}

function fillCustomer() {
  type('registry_code', '12345678901');
  type('zipcode', '85801000');
  type('street', 'Rua Paraná');
  type('number', '100');
  type('neighborhood', 'Centro');
  type('city', 'Cascavel');
  type('state', 'pr');
}

function fillCard(number = '4111111111111111', expiration = '12/2030', cvv = '123') {
  type('holder_name', 'ANA SOUZA');
  type('card_number', number);
  type('card_expiration', expiration);
  type('card_cvv', cvv);
}

const payButton = () => screen.getByTestId('payment-submit');

async function openPayment(
  extra: Parameters<typeof sessionHandlers>[1][] = [],
  {
    user = sessionUser({ level: 0 }),
    // The shell's freemium card is looked at with the whole app (renderApp) around the page.
    render = renderArea,
    path = LIGHT_ANNUAL,
  }: { user?: ReturnType<typeof sessionUser>; render?: typeof renderArea; path?: string } = {},
) {
  screenWidth(1366);
  signIn();
  serve(...sessionHandlers({ user }, ...extra));
  await changeLanguage('pt');
  const rendered = render(path);
  await screen.findByTestId('payment-form');
  await screen.findByTestId('method-credit_card');
  return rendered;
}

const customerOk = http.post('/payment-api/customers', () => HttpResponse.json({ id: 31 }));
const profileOk = http.post('/payment-api/payment-profiles', () =>
  HttpResponse.json({ id: 41, card_brand: 'visa', last_four: '1111' }),
);

describe('/payment', () => {
  const missingKeys = trackMissingKeys();

  it('shows the chosen plan and interval, and the card brand and masks as typed', async () => {
    await openPayment();
    expect(screen.getByTestId('payment-sandbox').textContent).toContain('nada é cobrado');
    const summary = screen.getByTestId('payment-summary');
    expect(summary.textContent).toContain('Plano Light');
    expect(summary.textContent).toContain('Anual');
    expect(summary.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 490,00');
    type('card_number', '4111');
    expect(screen.getByTestId('card-brand').textContent).toBe('Visa');
    type('card_number', '4111111111111111');
    expect((screen.getByTestId('field-card_number') as HTMLInputElement).value).toBe(
      '4111 1111 1111 1111',
    );
    type('card_number', '378282246310005');
    expect(screen.getByTestId('card-brand').textContent).toBe('American Express');
    expect((screen.getByTestId('field-card_number') as HTMLInputElement).value).toBe(
      '3782 822463 10005',
    );
    type('card_number', '6011111111111117');
    expect(screen.queryByTestId('card-brand')).toBeNull();
    expect(screen.getByText(p('payment.card.unknown_brand'))).toBeTruthy();
    type('registry_code', '12345678901');
    expect((screen.getByTestId('field-registry_code') as HTMLInputElement).value).toBe(
      '123.456.789-01',
    );
    type('card_expiration', '122030');
    expect((screen.getByTestId('field-card_expiration') as HTMLInputElement).value).toBe('12/2030');
    expect(missingKeys).toEqual([]);
  });

  it.each([
    ['card_number', ['4111111111111112'], 'payment.card.check_digit'],
    ['card_number', ['4111 1111 1111'], 'payment.card.too_short'],
    ['card_expiration', ['4111111111111111', '01/2020'], 'payment.card.expired'],
    ['card_expiration', ['4111111111111111', '13/2030'], 'payment.card.invalid_expiration'],
    ['card_cvv', ['378282246310005', '12/2030', '123'], 'payment.card.invalid_cvv'],
  ] as const)('tells %s with the domain rule (%j) and sends nothing', async (_field, card, key) => {
    const seen = recordRequests();
    await openPayment();
    fillCustomer();
    fillCard(...(card as unknown as [string, string?, string?]));
    fireEvent.click(payButton());
    expect(await screen.findByText(p(key))).toBeTruthy();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('tells the customer fields the contract refuses', async () => {
    await openPayment();
    type('registry_code', '1234');
    fireEvent.click(payButton());
    expect(await screen.findByText(p('payment.invalid.registry_code'))).toBeTruthy();
    expect(screen.getByText(p('payment.invalid.zipcode'))).toBeTruthy();
  });

  it('puts the API refusal of a card under its field', async () => {
    await openPayment([
      customerOk,
      http.post('/payment-api/payment-profiles', () =>
        apiError(400, 'exception.payment.invalid_card', {
          field: 'card_cvv',
          reason: 'invalid_cvv',
        }),
      ),
    ]);
    fillCustomer();
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByText(p('payment.card.invalid_cvv'))).toBeTruthy();
  });

  it('says a declined card was declined and keeps the form', async () => {
    await openPayment([
      customerOk,
      profileOk,
      http.post('/payment-api/subscriptions', () =>
        apiError(402, 'exception.payment.card_declined'),
      ),
    ]);
    fillCustomer();
    fillCard('4000000000000002');
    fireEvent.click(payButton());
    const declined = await screen.findByTestId('payment-declined');
    expect(declined.textContent).toContain(p('payment.declined_title'));
    expect(screen.getByTestId('payment-form')).toBeTruthy();
    expect(screen.queryByTestId('payment-failure')).toBeNull();
  });

  it('says the provider failed, with a retry that reuses the customer', async () => {
    const customers = vi.fn(() => HttpResponse.json({ id: 31 }));
    let attempts = 0;
    await openPayment([
      http.post('/payment-api/customers', customers),
      profileOk,
      http.post('/payment-api/subscriptions', () => {
        attempts += 1;
        return apiError(502, 'exception.payment.provider_error');
      }),
    ]);
    fillCustomer();
    fillCard('4000000000000119');
    fireEvent.click(payButton());
    const failure = await screen.findByTestId('payment-failure');
    expect(failure.textContent).toContain(p('payment.failure_title'));
    expect(screen.queryByTestId('payment-declined')).toBeNull();
    fireEvent.click(within(failure).getByRole('button', { name: p('retry') }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(customers).toHaveBeenCalledTimes(1);
  });

  it('shows a bank slip: typable line, barcode, due date, print; pending until paid', async () => {
    const slip = subscription({
      status: 'pending',
      payment_method_code: 'bank_slip',
      card: null,
      paid_until: null,
      bill: {
        id: 71,
        status: 'pending',
        amount: 490,
        due_date: '2026-11-26',
        typable_line: '34191.79001 01043.510047 91020.150008 1 99990000049000',
        barcode: '34191999900000490001790010435100479102015000',
        payment_method_code: 'bank_slip',
      },
    });
    const bodies: unknown[] = [];
    await openPayment([
      customerOk,
      http.post('/payment-api/subscriptions', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(slip, { status: 201 });
      }),
      http.put('/api/plan/:tier/account/:account/interval/:interval/update-plan', () =>
        apiError(409, 'exception.payment.pending'),
      ),
    ]);
    fillCustomer();
    fireEvent.click(screen.getByRole('radio', { name: p('payment.method.bank_slip') }));
    expect(screen.queryByTestId('field-card_number')).toBeNull();
    fireEvent.click(payButton());
    const shown = await screen.findByTestId('bank-slip');
    expect(bodies).toEqual([{ customer_id: 31, plan_id: 112, payment_method_code: 'bank_slip' }]);
    expect(within(shown).getByTestId('slip-typable-line').textContent).toBe(
      slip.bill!.typable_line,
    );
    expect(within(shown).getByTestId('slip-barcode').textContent).toBe(slip.bill!.barcode);
    expect(within(shown).getByTestId('slip-due-date').textContent).toBe('26 de nov. de 2026');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(within(shown).getByRole('button', { name: p('payment.print') }));
    expect(print).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: p('payment.check_payment') }));
    expect(await screen.findByText(p('payment.still_pending'))).toBeTruthy();
  });

  /** How the drawer shows the entry of a menu key: open, or padlocked (upsell). */
  const menuAccess = (key: string) =>
    [...document.querySelectorAll<HTMLElement>('[data-access]')].find((entry) =>
      entry.textContent?.includes(i18n.t(`menu.${key}`, { ns: 'shell' })),
    )?.dataset.access;

  it.each([
    { level: 1, tier: 'Light', opens: null },
    { level: 2, tier: 'Pro', opens: 'planning' },
    { level: 3, tier: 'Lavoura', opens: 'sowings' },
    // Full closes /payment: the purchase still ends on the success page, not on a refusal.
    { level: 4, tier: 'Full', opens: 'integrations' },
  ])(
    'buys $tier from Freemium by card: the success page and the new menu at once',
    async ({ level, tier, opens }) => {
      let plan = 0;
      let bought: ReturnType<typeof subscription> | null = null;
      const updates: string[] = [];
      const paid = subscription({
        tier: { id: level, name: tier },
        billing_plan_id: level * 100 + 1,
        interval_count: 1,
      });
      const { router } = await openPayment(
        [
          http.get('/api/menu/dados-usuario', () =>
            HttpResponse.json(sessionUser({ level: plan })),
          ),
          http.get('/api/subscription', () => HttpResponse.json(bought)),
          customerOk,
          profileOk,
          http.post('/payment-api/subscriptions', () => {
            // The card is charged at once: the plan has risen when the subscription answers.
            plan = level;
            bought = paid;
            return HttpResponse.json(paid, { status: 201 });
          }),
          http.put(
            '/api/plan/:tier/account/:account/interval/:interval/update-plan',
            ({ request }) => {
              updates.push(new URL(request.url).pathname);
              return HttpResponse.json(paid);
            },
          ),
        ],
        { render: renderApp, path: `/payment?plan_priority=${level}&frequency=1` },
      );
      expect(await screen.findByTestId('freemium-card')).toBeTruthy();
      if (opens) expect(menuAccess(opens)).toBe('upsell');
      fillCustomer();
      fillCard();
      fireEvent.click(payButton());
      const success = await screen.findByTestId('payment-success');
      expect(success.textContent).toContain(p('payment.success_title', { plan: tier }));
      expect(router.state.location.pathname).toBe('/plan-activated');
      expect(updates).toEqual([`/api/plan/${level}/account/10/interval/1/update-plan`]);
      await waitFor(() => expect(screen.queryByTestId('freemium-card')).toBeNull());
      if (opens) await waitFor(() => expect(menuAccess(opens)).toBe('open'));
      expect(screen.queryByTestId('blocked-page')).toBeNull();
      expect(screen.getByTestId('payment-success')).toBeTruthy();
    },
  );

  it('sends home from the success page when the account has no active subscription', async () => {
    signIn();
    serve(
      ...sessionHandlers(
        { user: sessionUser({ level: 0 }) },
        http.get('/api/subscription', () => HttpResponse.json(null)),
      ),
    );
    await changeLanguage('pt');
    const { router } = renderArea('/plan-activated');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_farm'));
    expect(screen.queryByTestId('payment-success')).toBeNull();
  });

  it('tells accounts outside Brazil they cannot buy, with no form', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 0, account: { country_id: 3 } }) }));
    await changeLanguage('en');
    renderArea(LIGHT_ANNUAL);
    const page = await screen.findByTestId('blocked-page');
    expect(page.textContent).toContain(i18n.t('exception.action_unauthorized', { ns: 'errors' }));
    expect(screen.queryByTestId('payment-form')).toBeNull();
  });
});

describe('/payment for others than the administrator', () => {
  it('says only the account administrator buys, with no form', async () => {
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 0, is_admin: false }) }));
    await changeLanguage('pt');
    renderArea(LIGHT_ANNUAL);
    expect(await screen.findByTestId('payment-admin-only')).toBeTruthy();
    expect(screen.queryByTestId('payment-form')).toBeNull();
  });
});
