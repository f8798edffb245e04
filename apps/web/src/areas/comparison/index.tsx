import type { Namespace } from '@lavoura/i18n/web';
import { ComparisonPage } from './comparison-page';

export const namespaces: readonly Namespace[] = ['comparison', 'programs'];

/** /comparacao: spray programs side by side (spec 2 §2; issue 13 item 12). */
export function Area() {
  return <ComparisonPage />;
}
