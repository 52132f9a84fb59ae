import { DSP_DEFAULT_SORT, DSP_INCLUDES, DSP_PAGE_SIZE } from '@contract/dsp-list.constants';
import type { ListParams } from '@/shared/api';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** The configuration modal's tabs, as the address names them. */
export const CONFIG_TABS = ['conectores', 'clientes', 'usuarios', 'mapa'] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

/**
 * /dsp-config?q=andes&page=2&config=7&tab=usuarios — `config` is the DSP whose configuration is
 * open and `tab` its tab, so both are a deep link; a value that does not fit falls back to "not set".
 */
export const dspConfigSearchSchema = searchSchema({
  q: searchText,
  page: searchNumber,
  config: searchNumber,
  tab: searchEnum(CONFIG_TABS),
  view: searchNumber,
});

export type DspConfigSearch = SearchOf<typeof dspConfigSearchSchema>;

/** The DSP call for this search: 12 a page by name, each with its sponsor, plans, country and staff. */
export const dspListParams = ({ q, page }: DspConfigSearch): ListParams => ({
  filter: { q },
  include: [...DSP_INCLUDES],
  sort: DSP_DEFAULT_SORT,
  limit: DSP_PAGE_SIZE,
  page: page ?? 1,
});
