import { BillSettlementService } from './bill-settlement.service.ts';
import { PaymentCustomersService } from './payment-customers.service.ts';
import { PaymentRecords, type PaymentsDeps } from './payment-records.service.ts';
import { RenewalsService } from './renewals.service.ts';
import { SubscriptionsService } from './subscriptions.service.ts';

/** Buying a plan, by use case (spec 1 §3 and §5, DESIGN.md §5), on one set of records. */
export interface PaymentServices {
  customers: PaymentCustomersService;
  subscriptions: SubscriptionsService;
  renewals: RenewalsService;
  settlement: BillSettlementService;
}

export function paymentServices(deps: PaymentsDeps): PaymentServices {
  const records = new PaymentRecords(deps);
  return {
    customers: new PaymentCustomersService(deps, records),
    subscriptions: new SubscriptionsService(deps, records),
    renewals: new RenewalsService(deps, records),
    settlement: new BillSettlementService(deps, records),
  };
}
