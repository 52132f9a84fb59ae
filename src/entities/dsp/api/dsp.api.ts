import { DSP_INCLUDES } from '@contract/dsp.constants';
import { api, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import type { Dsp } from '../model/types';

/** What staff read when a DSP call fails without a message of its own. */
export const DSP_FALLBACKS = {
  list: 'No se pudieron cargar las DSP.',
  options: 'No se pudo cargar la lista de DSP',
  save: 'No se pudo guardar',
  delete: 'No se pudo eliminar',
  plans: 'No se pudieron cargar los planes de la DSP',
} as const;

export const fetchDsps = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Dsp>>('v1/dsps', { searchParams: listSearchParams(params), fallback: DSP_FALLBACKS.list, signal });

/** One DSP with its sponsor, country, plans and assigned staff (what the configuration reads). */
export const fetchDsp = (id: number, signal?: AbortSignal) =>
  api.get<Dsp>(`v1/dsps/${id}`, { searchParams: { include: DSP_INCLUDES.join(',') }, fallback: DSP_FALLBACKS.list, signal });

