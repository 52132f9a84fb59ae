// No zod here: the panel's route search parsers (in its entry chunk) read these lists.

/** Every status a campaign can have. DRAFT is the default. */
export const CAMPAIGN_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'INACTIVE'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What the campaign form offers: PAUSED is shown, never chosen there. */
export const CAMPAIGN_FORM_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const satisfies readonly CampaignStatus[];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  DRAFT: 'Borrador',
  ACTIVE: 'Activa',
  PAUSED: 'Pausada',
  INACTIVE: 'Inactiva',
};

export const PLAN_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
