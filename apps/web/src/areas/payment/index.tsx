import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { PaymentPage } from './payment-page';
import { PLAN_ACTIVATED_PATH, PlanActivatedPage } from './plan-activated-page';

export const namespaces: readonly Namespace[] = ['plans'];

/** The payment area: /payment buys a tier; /plan-activated is where a paid purchase ends. */
export function Area() {
  const { pathname } = useLocation();
  return pathname === PLAN_ACTIVATED_PATH ? <PlanActivatedPage /> : <PaymentPage />;
}
