import type { Namespace } from '@lavoura/i18n/web';
import { FieldPage } from './field-page';
import { weatherNamespaces } from '../weather/namespaces';

// 'sowings': the planting tab's status chips say what the sowings page says.
// 'weather': the weather tab (areas/weather).
export const namespaces: readonly Namespace[] = ['field', 'notes', 'sowings', ...weatherNamespaces];
export const Area = FieldPage;
