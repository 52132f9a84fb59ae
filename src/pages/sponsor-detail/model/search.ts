import { CAMPAIGN_DEFAULT_SORT, CAMPAIGN_PAGE_SIZE } from '@contract/campaign.constants';
import type { ListParams } from '@/shared/api';
import { searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /sponsor/12?q=hogar&page=2: the campaign grid's search and page. */
export const sponsorDetailSearchSchema = searchSchema({ q: searchText, page: searchNumber, view: searchNumber });

export type SponsorDetailSearch = SearchOf<typeof sponsorDetailSearchSchema>;

/** The sponsor's campaigns for this search: 12 a page, newest first, with their country. */
export const sponsorCampaignsParams = (sponsorId: number, { q, page }: SponsorDetailSearch): ListParams => ({
  filter: { sponsor_id: sponsorId, q },
  include: ['country'],
  sort: CAMPAIGN_DEFAULT_SORT,
  limit: CAMPAIGN_PAGE_SIZE,
  page: page ?? 1,
});

