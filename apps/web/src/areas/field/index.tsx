import type { Namespace } from '@lavoura/i18n/web';
import { FieldPage } from './field-page';
import { weatherNamespaces } from '../shared/weather/namespaces';

// 'sowings': the planting tab's status chips say what the sowings page says.
// 'weather': the weather tab (areas/shared/weather).
export const namespaces: readonly Namespace[] = ['field', 'notes', 'sowings', ...weatherNamespaces];
export const Area = FieldPage;
