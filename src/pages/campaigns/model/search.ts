import { CAMPAIGN_STATUSES } from '@contract/campaign-status';
import type { ListParams } from '@/shared/api';
import { PAGE_SIZE } from '@/shared/config';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /campanas?q=hogar&status=ACTIVE&sponsor=3&country=12&page=2 */
export const campaignsSearchSchema = searchSchema({
  q: searchText,
  status: searchEnum(CAMPAIGN_STATUSES),
  sponsor: searchNumber,
  country: searchNumber,
  page: searchNumber,
});

export type CampaignsSearch = SearchOf<typeof campaignsSearchSchema>;

/** Every campaign across sponsors for this search: 12 a page, newest first, with sponsor and country. */
export const campaignsListParams = ({ q, status, sponsor, country, page }: CampaignsSearch): ListParams => ({
  filter: { q, status, sponsor_id: sponsor, country_id: country },
  include: ['sponsor', 'country'],
  sort: '-created_at',
  limit: PAGE_SIZE.campaigns,
  page: page ?? 1,
});
