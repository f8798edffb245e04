import type { Namespace } from '@lavoura/i18n/web';

export { MarketCard } from './market-card';
/** The texts the market card needs: the area that shows it loads them with its chunk. */
export const marketNamespaces: readonly Namespace[] = ['market'];
