import type { Namespace } from '@lavoura/i18n/web';

/** The texts the weather views need: the area that shows them loads them with its chunk. */
export const weatherNamespaces: readonly Namespace[] = ['weather'];
