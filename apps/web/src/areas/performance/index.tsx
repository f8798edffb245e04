import type { Namespace } from '@lavoura/i18n/web';
import { PerformancePage } from './performance-page';

export const namespaces: readonly Namespace[] = ['performance', 'reports'];

/** /performance: a farm's season (spec 3 §2; issue 14 item 10). */
export const Area = PerformancePage;
