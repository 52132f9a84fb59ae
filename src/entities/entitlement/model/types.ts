export type {
  Entitlement,
  EntitlementDetail,
  EntitlementPeriod,
  EntitlementStatus,
  EntitlementStatusFields,
  EntitlementStatusHistory,
} from '@contract/entitlement';

/** What creating a subscription sends: the DSP, its customer and one of its plans. */
export interface NewEntitlement {
  dsp_id: number;
  customer_id: number;
  plan_id: number;
}
