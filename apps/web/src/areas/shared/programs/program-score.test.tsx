import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationEvaluation } from '../../../api/programs';
import { changeLanguage } from '../../../lib/i18n';
import { farm } from '../../../test/farm-fixtures';
import { useProgramFormat } from './program-format';
import { ApplicationEfficacy } from './program-score';

/** A white-mold spray at R1: 0 on the regular score by design (§6), 83.3 on white mold. */
const WHITE_MOLD_SPRAY: ApplicationEvaluation = {
  spray_score: 0,
  white_mold_score: 83.3,
  estadio: 'R1',
  estadio_nao_recomendado: false,
  eficacias: [],
  avisos: [],
};

function Spray({ whiteMoldSpray }: { whiteMoldSpray: boolean }) {
  const format = useProgramFormat(farm());
  return (
    <ApplicationEfficacy
      evaluation={WHITE_MOLD_SPRAY}
      format={format}
      cropId={1}
      productNames={new Map()}
      whiteMoldSpray={whiteMoldSpray}
    />
  );
}

describe('an application’s scores', () => {
  it('leads a white-mold spray with its white-mold score, the regular 0 neutral, not red', async () => {
    await changeLanguage('en');
    render(<Spray whiteMoldSpray />);
    const [first, second] = screen.getAllByText(/score|mold/i, { selector: '.MuiChip-label' });
    expect(first!.textContent).toContain('83.3');
    expect(second!.textContent).toContain('0');
    const regular = screen.getByTestId('application-score');
    expect(regular.className).not.toContain('MuiChip-colorError');
    expect(screen.getByTestId('application-white-mold-score').className).toContain(
      'MuiChip-colorSuccess',
    );
  });

  it('keeps a regular spray’s score first and coloured by its level', async () => {
    await changeLanguage('en');
    render(<Spray whiteMoldSpray={false} />);
    expect(screen.getByTestId('application-score').className).toContain('MuiChip-colorError');
    expect(screen.getByTestId('application-white-mold-score').className).not.toContain(
      'MuiChip-colorSuccess',
    );
  });
});
