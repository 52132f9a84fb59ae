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
export type { Plan, PlanPayload, PlanStatus } from './model/types';
