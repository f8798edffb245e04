import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Application } from '../../api/programs';
import { changeLanguage } from '../../lib/i18n';
import { farm } from '../../test/farm-fixtures';
import { testQueryClient } from '../../test/render-app';
import { useProgramFormat } from '../shared/programs/program-format';
import { NextSpraying } from './execution-sprayings';

/**
 * /execucao's next spraying says, before it is sprayed, what the plan checks found (issue 30 items
 * 3–4): a product whose safety interval reaches past the harvest, a repeated mode of action. The
 * engine's other warnings stay in the sprayings list.
 */
const NEXT: Application = {
  id: 7002,
  aplicacao: 2,
  data_aplicacao_planejada: '2026-02-10',
  data_realizada: null,
  mofo_branco: false,
  produtos: [{ defensivo_id: 301, nome: 'Fox Xpro', unidade: null, dose: 0.5, preco: 120 }],
  custo_ha: 60,
  avaliacao: {
    spray_score: 40,
    white_mold_score: null,
    estadio: 'R5',
    estadio_nao_recomendado: false,
    eficacias: [],
    avisos: [
      {
        code: 'curative_exposure',
        fontes: [],
        doenca_id: 1,
        defensivo_id: null,
        valor: 4,
        limite: null,
      },
      {
        code: 'rotation',
        fontes: ['S1', 'S6', 'assumption'],
        doenca_id: null,
        defensivo_id: null,
        valor: null,
        limite: null,
        grupos: ['11', '3', '7'],
        produtos: [
          { defensivo_id: 301, nome: 'Fox Xpro', frac: ['7', '3', '11'], anterior: true },
          { defensivo_id: 301, nome: 'Fox Xpro', frac: ['7', '3', '11'], anterior: false },
        ],
      },
      {
        code: 'safety_interval',
        fontes: [],
        doenca_id: null,
        defensivo_id: 301,
        valor: 1,
        limite: 30,
        colheita: { data: '2026-03-11', origem: 'observed' },
        produtos: [
          { defensivo_id: 301, nome: 'Fox Xpro', frac: ['7', '3', '11'], anterior: false },
        ],
      },
    ],
  },
};

function Next() {
  const format = useProgramFormat(farm());
  return (
    <NextSpraying
      spraying={NEXT}
      farmId={1}
      programId={900}
      cropId={1}
      today="2026-02-01"
      paused
      format={format}
      units={new Map()}
    />
  );
}

describe('the next spraying on /execucao', () => {
  it('shows its resistance and safety-interval warnings, and only those (en)', async () => {
    await changeLanguage('en');
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Next />
      </QueryClientProvider>,
    );
    const list = within(screen.getByTestId('execution-next')).getByTestId(
      'execution-next-warnings',
    );
    const warnings = within(list).getAllByTestId('evaluation-warning');
    expect(warnings.map((warning) => warning.getAttribute('data-code'))).toEqual([
      'rotation',
      'safety_interval',
    ]);
    expect(warnings[1]!.textContent).toContain(
      'Fox Xpro has a safety interval of 30 days before harvest: sprayed on this day, 1 day is missing before harvest maturity, observed on',
    );
    expect(within(warnings[0]!).getByTestId('evaluation-warning-products').textContent).toBe(
      'Products: Fox Xpro (FRAC 7, 3, 11, previous spray); Fox Xpro (FRAC 7, 3, 11)',
    );
  });
});
