import { searchEnum, searchSchema, type SearchOf } from '@/shared/lib';

/** The campaign page's tabs; plans is the default and stays out of the URL. */
export const CAMPAIGN_TABS = ['planes', 'categorias', 'servicios'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

/** /sponsor/12/campaign/3?tab=servicios */
const parseCampaignDetailSearch = searchSchema({ tab: searchEnum(CAMPAIGN_TABS) });

/** Every parameter is optional, so a link to this page needs no search. */
export type CampaignDetailSearch = Partial<SearchOf<typeof parseCampaignDetailSearch>>;
export const campaignDetailSearchSchema: (search: Record<string, unknown>) => CampaignDetailSearch = parseCampaignDetailSearch;

