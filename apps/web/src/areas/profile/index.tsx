import type { Namespace } from '@lavoura/i18n/web';
import { loadPhoneRules } from '../../lib/phone-rules';
import { ProfilePage } from './profile-page';

export const namespaces: readonly Namespace[] = ['profile'];
// Its forms validate phones.
export const prepare = loadPhoneRules;
export const Area = ProfilePage;
