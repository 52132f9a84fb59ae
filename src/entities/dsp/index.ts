export {
  DSP_FALLBACKS,
  checkDspDeletion,
  createDsp,
  deleteDsp,
  fetchDsp,
  fetchDspStaffPage,
  fetchDsps,
  updateDsp,
  dspDeletion,
  dspQueries,
  type Dsp,
  type DspPayload,
  type DspPlanRef,
  type DspStaffMember,
  type DspType,
} from './api/dsp.api';
export { DspEnabledBadge, DspTypeBadge } from './ui/dsp-badges';
export { DspCard, type DspCardProps } from './ui/dsp-card';
export { DspCardSkeleton } from './ui/dsp-card-skeleton';
export { DspImage } from './ui/dsp-image';
