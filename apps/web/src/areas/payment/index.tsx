import type { Namespace } from '@lavoura/i18n/web';
import { PaymentPage } from './payment-page';

export const namespaces: readonly Namespace[] = ['plans'];
export const Area = PaymentPage;
