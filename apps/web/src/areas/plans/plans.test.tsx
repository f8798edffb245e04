import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BillingPlan } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { BAND_COLOURS } from '../../shell/freemium-card';
import { serve } from '../../test/msw-server';
import { billingPlans } from '../../test/plan-fixtures';
import { renderApp, renderArea, trackMissingKeys } from '../../test/render-app';
import { screenWidth, sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';

const freemium = (country_id = 1) => sessionUser({ level: 0, account: { country_id } });
const usage = (used: number) => ({ limit: 5, used, progress: used * 20 });

function billing(
  name: string,
  interval: 1 | 6 | 12,
  status: 'active' | 'inactive' = 'active',
): BillingPlan {
  const price = { 1: 59, 6: 299, 12: 490 }[interval];
  return {
    id: 1000 + interval + name.length,
    tier_id: 1,
    name,
    status,
    interval_name: { 1: 'Mensal', 6: 'Semestral', 12: 'Anual' }[interval],
    interval_count: interval,
    price,
    price_per_month: Math.round((price / interval) * 100) / 100,
    plan_items: [{ pricing_schema: { short_format: `R$ ${price},00` } }],
  };
}

async function openCard() {
  const card = await screen.findByTestId('freemium-card');
  return card;
}

describe('the freemium card', () => {
  const missingKeys = trackMissingKeys();

  it.each([
    [1, 'low', 1],
    [2, 'low', 2],
    [3, 'medium', 3],
    [4, 'high', 4],
    [5, 'high', 5],
  ] as const)('colours %i of 5 uses %s, %i segments filled', async (used, band, filled) => {
    screenWidth(1366);
    signIn();
    serve(
      ...sessionHandlers(
        { user: freemium() },
        http.get('/api/freemium', () => HttpResponse.json(usage(used))),
      ),
    );
    await changeLanguage('pt');
    renderApp('/my_farm');
    const card = await openCard();
    expect(card.textContent).toContain(`${used} de 5 consultas usadas`);
    const bar = within(card).getByRole('progressbar');
    expect(bar.getAttribute('data-band')).toBe(band);
    expect(bar.getAttribute('aria-valuenow')).toBe(String(used * 20));
    const segments = within(card).getAllByTestId('usage-segment');
    expect(segments).toHaveLength(5);
    expect(segments.filter((segment) => segment.dataset.filled === 'true')).toHaveLength(filled);
    expect(segments[0]!.dataset.colour).toBe(BAND_COLOURS[band]);
    expect(missingKeys).toEqual([]);
  });

  it('is not shown to paid plans', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 1 }) }));
    renderApp('/my_farm');
    await screen.findByTestId('app-drawer');
    await screen.findByTestId('my-farm');
    expect(screen.queryByTestId('freemium-card')).toBeNull();
  });

  it('opens the plan-choice modal for Light in Brazil', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: freemium() }));
    await changeLanguage('pt');
    renderApp('/my_farm');
    fireEvent.click(within(await openCard()).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Plano Light' });
    await within(dialog).findByText('Anual');
  });

  it('goes to /plans outside Brazil', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: freemium(3) }));
    await changeLanguage('en');
    const { router } = renderApp('/my_farm');
    const link = within(await openCard()).getByRole('link');
    fireEvent.click(link);
    await screen.findByTestId('plans-page');
    expect(router.state.location.pathname).toBe('/plans');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the plan-choice modal', () => {
  const missingKeys = trackMissingKeys();

  async function openModal(plans: BillingPlan[] | (() => Promise<Response>)) {
    screenWidth(1366);
    signIn();
    serve(
      ...sessionHandlers(
        { user: freemium() },
        http.get('/payment-api/plans', () =>
          typeof plans === 'function' ? plans() : HttpResponse.json(plans),
        ),
      ),
    );
    await changeLanguage('pt');
    const rendered = renderApp('/my_farm');
    fireEvent.click(within(await openCard()).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Plano Light' });
    return { ...rendered, dialog };
  }

  it('offers the active plans holding "Light" as a whole word, Anual most popular', async () => {
    const { dialog } = await openModal([
      billing('Lightning Anual', 12),
      billing('Delight Mensal', 1),
      billing('Light Mensal', 1, 'inactive'),
      billing('Plano LIGHT Semestral', 6),
      billing('Light Anual', 12),
      billing('Pro Anual', 12),
    ]);
    const options = await within(dialog).findAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Semestral'),
      expect.stringContaining('Anual'),
    ]);
    expect(options[0]!.textContent).not.toContain('Mais popular');
    expect(options[1]!.textContent).toContain('Mais popular');
    expect(options[1]!.textContent).toContain('R$ 490,00');
    expect(options[1]!.textContent).toContain('por mês');
    expect(dialog.textContent).toContain('Cancele a qualquer momento.');
    expect(dialog.textContent).toContain('renovada automaticamente');
    expect(missingKeys).toEqual([]);
  });

  it('keeps Continuar disabled until a plan is picked, then opens /payment and closes', async () => {
    const { dialog, router } = await openModal(billingPlans('pt'));
    const continueButton = within(dialog).getByRole('button', { name: 'Continuar' });
    await within(dialog).findAllByRole('radio');
    expect((continueButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Anual/ }));
    expect(within(dialog).getByRole('radio', { name: /Anual/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect((continueButton as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(router.state.location.search).toBe('?plan_priority=1&frequency=12');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plano Light' })).toBeNull());
  });

  it('"Ver todos os planos" replaces the route with /plans', async () => {
    const { dialog, router } = await openModal(billingPlans('pt'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ver todos os planos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says there are no plans for the tier when none matches', async () => {
    const { dialog } = await openModal([billing('Lightning Anual', 12)]);
    expect((await within(dialog).findByTestId('plan-choice-empty')).textContent).toBe(
      'Não há planos para o modelo Light no momento',
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows 3 skeletons while the plans load', async () => {
    const { dialog } = await openModal(async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    });
    expect(within(dialog).getAllByTestId('plan-choice-skeleton')).toHaveLength(3);
  });

  it.each(['en', 'es'] as const)('is translated in %s', async (language) => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: freemium() }));
    await changeLanguage(language);
    renderApp('/my_farm');
    fireEvent.click(within(await openCard()).getByRole('button'));
    const title = i18n.t('choice.title', { ns: 'plans', tier: 'Light' });
    const dialog = await screen.findByRole('dialog', { name: title });
    await within(dialog).findAllByRole('radio');
    expect(dialog.textContent).toContain(i18n.t('choice.popular', { ns: 'plans' }));
    expect(dialog.textContent).toContain(language === 'en' ? 'Annual' : 'Anual');
    expect(missingKeys).toEqual([]);
  });
});

describe('/plans', () => {
  const missingKeys = trackMissingKeys();

  it('shows every tier with its prices and what it unlocks, the current plan marked', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 1 }) }));
    await changeLanguage('pt');
    renderArea('/plans');
    await screen.findByTestId('plans-page');
    const light = await screen.findByTestId('tier-1');
    expect(light.dataset.current).toBe('true');
    expect(within(light).getByText('Seu plano')).toBeTruthy();
    await within(light).findByText('R$ 490,00');
    expect(light.textContent?.replace(/\u00a0/g, ' ')).toContain('A partir de R$ 40,83/mês');
    // Pro unlocks what the route table allows it beyond Light: programs, varieties, comparison.
    const pro = screen.getByTestId('tier-2');
    expect(pro.textContent).toContain('Programas de pulverização');
    expect(pro.textContent).toContain('Comparação de programas');
    expect(within(pro).getByRole('button', { name: 'Assinar o Pro' })).toBeTruthy();
    // The plan table's quotas: Pro's users, Full's contracted area, Light's unlimited catalogue.
    expect(pro.textContent).toContain('Até 10 usuários');
    expect(screen.getByTestId('tier-4').textContent).toContain(
      'Área contratada por talhão em cada safra',
    );
    expect(light.textContent).not.toContain('usuários');
    // No upgrade to the current plan or below.
    expect(within(light).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('tier-0')).queryByRole('button')).toBeNull();
    expect(missingKeys).toEqual([]);
  });

  it('offers no purchase outside Brazil', async () => {
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 0, account: { country_id: 3 } }) }));
    renderArea('/plans');
    await screen.findByTestId('plans-outside-brazil');
    await screen.findByTestId('tier-4');
    expect(
      within(screen.getByTestId('plans-page')).queryAllByRole('button', { name: /Subscribe/ }),
    ).toEqual([]);
  });

  it('is closed to Full-plan accounts', async () => {
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 4 }) }));
    renderArea('/plans');
    await screen.findByTestId('blocked-page');
    expect(screen.queryByTestId('plans-page')).toBeNull();
  });
});

describe('the upgrade button and the plan presentation', () => {
  it('lead into the plan-choice modal of the tier chosen', async () => {
    screenWidth(1366);
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ level: 1 }), permissions: [] }));
    await changeLanguage('pt');
    renderApp('/my_farm');
    fireEvent.click(await screen.findByTestId('upgrade-button'));
    const presentation = await screen.findByRole('dialog', { name: 'Planos do Lavoura' });
    const pro = await within(presentation).findByTestId('plan-2');
    expect(pro.textContent).toContain('Programas de pulverização');
    expect(
      within(await within(presentation).findByTestId('plan-1')).queryByRole('button'),
    ).toBeNull();
    fireEvent.click(within(pro).getByRole('button', { name: 'Assinar o Pro' }));
    const choice = await screen.findByRole('dialog', { name: 'Plano Pro' });
    expect(await within(choice).findAllByRole('radio')).toHaveLength(3);
  });
});
