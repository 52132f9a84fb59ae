// Its own file: the /dsp-config search parser reads these, and it travels in the entry chunk
// /login loads, which must not carry the DSP settings template.

export const DSP_SORTS = ['id', 'name', 'created_at'] as const;
/** What a DSP list and a DSP's detail may include (the configuration screen asks all four). */
export const DSP_INCLUDES = ['sponsor', 'country', 'plans', 'users'] as const;
/** Alphabetical. */
export const DSP_DEFAULT_SORT = 'name';
/** DSPs per page unless `limit` says otherwise. */
export const DSP_PAGE_SIZE = 12;
