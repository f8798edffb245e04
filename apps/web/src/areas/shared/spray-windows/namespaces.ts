import type { Namespace } from '@lavoura/i18n/web';

/** The texts the spray windows need (their own in 'execution', the simulated chip's in 'weather'). */
export const sprayWindowNamespaces: readonly Namespace[] = ['execution', 'weather'];
