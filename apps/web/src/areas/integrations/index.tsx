import type { Namespace } from '@lavoura/i18n/web';
import { IntegrationsPage } from './integrations-page';

export const namespaces: readonly Namespace[] = ['integrations'];

/** /integrations: the list, the add modal and each integration's detail (spec 3 §2; issue 14). */
export function Area() {
  return <IntegrationsPage />;
}
