import { describe, expect, it } from 'vitest';
import { tidyPunctuation } from './punctuation.ts';
import { translate } from './translate.ts';

describe('punctuation of a text with its values in', () => {
  it('keeps one period after an abbreviated month that ends a sentence', () => {
    expect(tidyPunctuation('O plano segue até 19 de nov..')).toBe('O plano segue até 19 de nov.');
    expect(translate('pt', 'plans', 'subscription.canceled_until', { date: '19 de nov.' })).toBe(
      'Assinatura cancelada. O plano segue até 19 de nov.',
    );
  });

  it('leaves an ellipsis and a number alone', () => {
    expect(tidyPunctuation('Carregando...')).toBe('Carregando...');
    expect(tidyPunctuation('Versão 1.2.')).toBe('Versão 1.2.');
  });
});
