export { DSP_FALLBACKS, checkDspDeletion, createDsp, deleteDsp, fetchDsp, fetchDspStaffPage, fetchDsps, updateDsp } from './api/dsp.api';
export { dspQueries } from './api/dsp.queries';
export type { Dsp, DspPayload, DspPlanRef, DspStaffMember, DspType } from './model/types';
export { DspEnabledBadge, DspTypeBadge } from './ui/dsp-badges';
export { DspCard, type DspCardProps } from './ui/dsp-card';
export { DspCardSkeleton } from './ui/dsp-card-skeleton';
export { DspImage } from './ui/dsp-image';
