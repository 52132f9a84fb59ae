import { searchEnum, searchNumber, searchSchema, type SearchOf } from '@/shared/lib';

/** The campaign page's tabs; plans is the default and stays out of the URL. */
export const CAMPAIGN_TABS = ['planes', 'categorias', 'servicios'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

/** /sponsor/12/campaign/3?tab=servicios&plan=7: the open tab, and the plan chosen in the services tab. */
export const campaignDetailSearchSchema = searchSchema({ tab: searchEnum(CAMPAIGN_TABS), plan: searchNumber });

export type CampaignDetailSearch = SearchOf<typeof campaignDetailSearchSchema>;
