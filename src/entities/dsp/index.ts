export { DSP_FALLBACKS, fetchDsp, fetchDsps } from './api/dsp.api';
export { dspQueries } from './api/dsp.queries';
export type { Dsp, DspPlanRef, DspStaffMember } from './model/types';
