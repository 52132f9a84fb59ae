import type { Dsp, DspPlanRef, DspStaffMember } from '@contract/dsp';
import type { DspType } from '@contract/dsp.constants';

export type { Dsp, DspPlanRef, DspStaffMember, DspType };

/**
 * What the DSP form sends (multipart). A field left out keeps its value on an update; an empty
 * optional text clears it. The image only when a new file was chosen.
 */
export interface DspPayload {
  name: string;
  type: DspType;
  country_id: number;
  /** Sent on create only: a DSP's sponsor never changes. */
  sponsor_id?: number;
  plans: number[];
  /** The settings object as JSON text. */
  settings: string;
  website_url?: string;
  address?: string;
  phone_primary?: string;
  phone_secondary?: string;
  email_primary?: string;
  enabled: boolean;
  image?: File | null;
}
