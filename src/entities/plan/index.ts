export {
  PLAN_FALLBACKS,
  checkPlanDeletion,
  createPlan,
  deletePlan,
  fetchCampaignPlans,
  fetchPlan,
  fetchPlans,
  updatePlan,
} from './api/plan.api';
export { planQueries } from './api/plan.queries';
export { formatMonths, formatPlanPrice, planListItems } from './lib/format';
export { PLAN_STATUSES, PLAN_STATUS_COLORS, PLAN_STATUS_LABELS } from './model/status';
export type { Plan, PlanPayload, PlanStatus } from './model/types';
export { CARD_SERVICES_SHOWN, PlanCard, type PlanCardProps } from './ui/plan-card';
export { PlanDetails } from './ui/plan-details';
export { PlanImage } from './ui/plan-image';
export { PlanDocumentBadge } from './ui/plan-document-badge';
export { PlanStatusBadge } from './ui/plan-status-badge';
