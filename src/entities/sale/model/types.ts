import type { PaymentMethod } from '@contract/entitlement.constants';
import type { Sale, SaleStatus, SalesSummary } from '@contract/sale';

export type { PaymentMethod, Sale, SaleStatus, SalesSummary };

/** The filters of `/api/v1/sales`, its totals and its CSV; dates are YYYY-MM-DD, inclusive, Bogotá days. */
export interface SaleFilters {
  status?: SaleStatus;
  payment_method?: PaymentMethod;
  dsp_id?: number;
  q?: string;
  from?: string;
  to?: string;
}

/** A page of `/api/v1/sales`: the filters, the page and its size. */
export interface SaleListParams extends SaleFilters {
  page?: number;
  limit?: number;
}
