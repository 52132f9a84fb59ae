import type { SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '@/shared/api';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { Select } from '@/shared/ui/select';
import { CAMPAIGN_FALLBACKS } from '../api/campaign.api';
import { campaignQueries } from '../api/campaign.queries';

const ALL_CAMPAIGNS = 'all';

interface CampaignFilterProps {
  /** The selected campaign's id; undefined is 'Todas las campañas'. */
  value: number | undefined;
  onChange(campaignId: number | undefined): void;
  w?: SelectProps['w'];
}

/** A list's campaign filter: 'Todas las campañas' or one campaign (searchable), with the loading and error states. */
export function CampaignFilter({ value, onChange, w }: CampaignFilterProps) {
  const campaigns = useQuery(campaignQueries.options());
  const data = useMemo(
    () => [{ value: ALL_CAMPAIGNS, label: 'Todas las campañas' }, ...(campaigns.data ?? []).map((campaign) => ({ value: String(campaign.id), label: campaign.name }))],
    [campaigns.data],
  );
  // Until the campaigns arrive, one from the URL shows the loading text rather than a bare id.
  const selected = value && campaigns.data ? String(value) : value ? null : ALL_CAMPAIGNS;
  const campaignSelect = useOptionsWhileOpen(data, selected);
  return (
    <Select
      aria-label="Filtrar por campaña"
      {...campaignSelect}
      value={selected}
      onChange={(next) => onChange(next && next !== ALL_CAMPAIGNS ? Number(next) : undefined)}
      placeholder={campaigns.isPending ? 'Cargando campañas...' : 'Todas las campañas'}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Ninguna campaña coincide"
      error={campaigns.error ? errorMessage(campaigns.error, CAMPAIGN_FALLBACKS.list) : undefined}
      w={w}
    />
  );
}
