import type { Namespace } from '@lavoura/i18n/web';
import { FieldPage } from './field-page';

export const namespaces: readonly Namespace[] = ['field', 'notes'];
export const Area = FieldPage;
