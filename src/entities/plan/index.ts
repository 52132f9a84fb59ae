export {
  PLAN_FALLBACKS,
  checkPlanDeletion,
  createPlan,
  deletePlan,
  fetchCampaignPlans,
  fetchPlan,
  fetchPlans,
  updatePlan,
  planDeletion,
  planQueries,
  type Plan,
  type PlanPayload,
  type PlanStatus,
} from './api/plan.api';
export { formatMonths, formatPlanPrice, planListItems } from './lib/format';
export { PLAN_STATUSES, PLAN_STATUS_TONES, PLAN_STATUS_LABELS } from './model/status';
export { CARD_SERVICES_SHOWN, PlanCard, type PlanCardProps } from './ui/plan-card';
export { PlanDetails } from './ui/plan-details';
export { PlanImage } from './ui/plan-image';
export { PlanDocumentBadge } from './ui/plan-document-badge';
export { PlanStatusBadge } from './ui/plan-status-badge';
