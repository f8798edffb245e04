import type { Namespace } from '@lavoura/i18n/web';
import { loadPhoneRules } from '../../lib/phone-rules';
import { FarmsPage } from './farms-page';

export const namespaces: readonly Namespace[] = ['farms'];
// The notification settings validate a WhatsApp phone.
export const prepare = loadPhoneRules;
export const Area = FarmsPage;
