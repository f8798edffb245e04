import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { serve } from '../test/msw-server';
import { subscription } from '../test/plan-fixtures';
import { renderApp } from '../test/render-app';
import { screenWidth, sessionHandlers, sessionUser, signIn } from '../test/session-fixtures';

describe('the account menu subscription', () => {
  it('shows the subscription and cancels it at the end of the paid period', async () => {
    let current = subscription();
    let deleted = 0;
    screenWidth(1366);
    signIn();
    serve(
      ...sessionHandlers(
        { user: sessionUser({ level: 1 }) },
        http.get('/api/subscription', () => HttpResponse.json(current)),
        http.delete('/api/subscription', () => {
          deleted += 1;
          current = {
            ...current,
            status: 'canceled',
            canceled_at: '2026-11-23',
            next_bill_date: null,
          };
          return HttpResponse.json(current);
        }),
      ),
    );
    await changeLanguage('pt');
    renderApp('/my_farm');
    fireEvent.click(await screen.findByTestId('account-menu-button'));
    const summary = await screen.findByTestId('subscription-summary');
    expect(summary.textContent).toContain('Assinatura Light · Anual');
    expect(summary.textContent).toContain('Ativa');
    expect(summary.textContent).toContain('Visa •••• 1111');
    fireEvent.click(within(summary).getByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a assinatura?' });
    expect(dialog.textContent).toContain('23 de nov. de 2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar assinatura' }));
    expect(
      await screen.findByText('Assinatura cancelada. O plano segue até 23 de nov. de 2027.'),
    ).toBeTruthy();
    expect(deleted).toBe(1);
    await waitFor(() =>
      expect(screen.getByTestId('subscription-summary').textContent).toContain('Cancelada'),
    );
  });

  it('says when there is no paid subscription', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 0 }) }));
    await changeLanguage('en');
    renderApp('/my_farm');
    fireEvent.click(await screen.findByTestId('account-menu-button'));
    expect((await screen.findByTestId('subscription-none')).textContent).toBe(
      'No paid subscription.',
    );
  });

  it('warns of a refused renewal and pays it again from the menu', async () => {
    const failedBill = { ...subscription().bill!, id: 71, status: 'failed' as const };
    let current = subscription({
      paid_until: '2026-11-22',
      next_bill_date: '2026-11-23',
      bill: failedBill,
    });
    const paid: unknown[] = [];
    screenWidth(1366);
    signIn();
    serve(
      ...sessionHandlers(
        { user: sessionUser({ level: 1 }) },
        http.get('/api/subscription', () => HttpResponse.json(current)),
        http.post('/payment-api/bills', async ({ request }) => {
          paid.push(await request.json());
          current = {
            ...current,
            paid_until: '2027-11-22',
            next_bill_date: '2027-11-23',
            bill: { ...failedBill, id: 72, status: 'paid' },
          };
          return HttpResponse.json(current, { status: 201 });
        }),
      ),
    );
    await changeLanguage('en');
    renderApp('/my_farm');
    fireEvent.click(await screen.findByTestId('account-menu-button'));
    const warning = await screen.findByTestId('renewal-failed');
    // Three days of grace after the paid period.
    expect(warning.textContent).toContain('The renewal payment was declined. Pay by Nov 25, 2026');
    expect(screen.getByTestId('subscription-summary').textContent).not.toContain('Next bill');
    fireEvent.click(within(warning).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment approved. The subscription was renewed.')).toBeTruthy();
    expect(paid).toEqual([{ subscription_id: 7 }]);
    await waitFor(() => expect(screen.queryByTestId('renewal-failed')).toBeNull());
  });

  it('shows a renewal bank slip waiting, with its typable line', async () => {
    screenWidth(1366);
    signIn();
    const line = '00090000000000000000000000000000000000000000000';
    serve(
      ...sessionHandlers(
        { user: sessionUser({ level: 1 }) },
        http.get('/api/subscription', () =>
          HttpResponse.json(
            subscription({
              payment_method_code: 'bank_slip',
              card: null,
              bill: {
                ...subscription().bill!,
                status: 'pending',
                due_date: '2027-11-26',
                typable_line: line,
                payment_method_code: 'bank_slip',
              },
            }),
          ),
        ),
      ),
    );
    await changeLanguage('es');
    renderApp('/my_farm');
    fireEvent.click(await screen.findByTestId('account-menu-button'));
    const notice = await screen.findByTestId('renewal-pending');
    expect(notice.textContent).toContain('Renovación pendiente de pago, vence el');
    expect(notice.textContent).toContain(line);
  });
});
