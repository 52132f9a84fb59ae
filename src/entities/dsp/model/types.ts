import type { Dsp, DspPlanRef, DspStaffMember } from '@contract/dsp';

export type { Dsp, DspPlanRef, DspStaffMember };
