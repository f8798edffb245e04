import type { Namespace } from '@lavoura/i18n/web';
import { FieldPage } from './field-page';

// 'sowings': the planting tab's status chips say what the sowings page says.
export const namespaces: readonly Namespace[] = ['field', 'notes', 'sowings'];
export const Area = FieldPage;
