import type { Namespace } from '@lavoura/i18n/web';
import { PlansPage } from './plans-page';

export const namespaces: readonly Namespace[] = ['plans'];
export const Area = PlansPage;
