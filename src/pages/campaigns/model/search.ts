import { CAMPAIGN_STATUSES } from '@contract/campaign-status';
import { CAMPAIGN_DEFAULT_SORT, CAMPAIGN_PAGE_SIZE } from '@contract/campaign.constants';
import type { ListParams } from '@/shared/api';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /campanas?q=hogar&status=ACTIVE&sponsor=3&country=12&page=2 */
export const campaignsSearchSchema = searchSchema({
  q: searchText,
  status: searchEnum(CAMPAIGN_STATUSES),
  sponsor: searchNumber,
  country: searchNumber,
  page: searchNumber,
  view: searchNumber,
});

export type CampaignsSearch = SearchOf<typeof campaignsSearchSchema>;

/** Every campaign across sponsors for this search: 12 a page, newest first, with sponsor and country. */
export const campaignsListParams = ({ q, status, sponsor, country, page }: CampaignsSearch): ListParams => ({
  filter: { q, status, sponsor_id: sponsor, country_id: country },
  include: ['sponsor', 'country'],
  sort: CAMPAIGN_DEFAULT_SORT,
  limit: CAMPAIGN_PAGE_SIZE,
  page: page ?? 1,
});
