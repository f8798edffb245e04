import type { Namespace } from '@lavoura/i18n/web';
import { loadPhoneRules } from '../../lib/phone-rules';
import { UsersPage } from './users-page';

export const namespaces: readonly Namespace[] = ['users'];
// Its forms validate phones.
export const prepare = loadPhoneRules;
export const Area = UsersPage;
