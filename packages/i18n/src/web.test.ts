import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@lavoura/domain';
import { NAMESPACES, resources } from './index.ts';
import { loadTexts } from './web.ts';

describe('texts for the web app', () => {
  it('names every namespace the resources hold', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.pt).sort());
  });

  it.each(LANGUAGES)(
    'loads each %s namespace on demand, the same texts as the resources',
    async (language) => {
      for (const namespace of NAMESPACES.filter((name) => name !== 'emails')) {
        expect(await loadTexts(language, namespace)).toEqual(resources[language][namespace]);
      }
    },
  );

  it('keeps the e-mail texts out of the browser', async () => {
    await expect(loadTexts('pt', 'emails')).rejects.toThrow('No texts pt/emails');
  });
});
