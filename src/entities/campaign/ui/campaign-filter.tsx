import type { SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '@/shared/api';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useSearchedOptions } from '@/shared/lib/use-searched-options';
import { Select } from '@/shared/ui/select';
import { CAMPAIGN_FALLBACKS, type CampaignOption } from '../api/campaign.api';
import { campaignQueries } from '../api/campaign.api';

const ALL_CAMPAIGNS = 'all';
const ALL_LABEL = 'Todas las campañas';

/** Many sponsors sell a 'Bienestar Total': the sponsor tells them apart. */
const campaignLabel = (campaign: CampaignOption) => (campaign.sponsor ? `${campaign.name} · ${campaign.sponsor.name}` : campaign.name);

interface CampaignFilterProps {
  /** The selected campaign's id; undefined is 'Todas las campañas'. */
  value: number | undefined;
  onChange(campaignId: number | undefined): void;
  w?: SelectProps['w'];
}

/**
 * A list's campaign filter: 'Todas las campañas' or one campaign, searched on the server as the
 * person types (a large operator has 10,000), with the loading and error states.
 */
export function CampaignFilter({ value, onChange, w }: CampaignFilterProps) {
  const campaigns = useSearchedOptions({
    search: campaignQueries.options,
    one: campaignQueries.detail,
    selected: value,
    label: campaignLabel,
    fixedLabels: [ALL_LABEL],
  });
  const data = useMemo(() => [{ value: ALL_CAMPAIGNS, label: ALL_LABEL }, ...campaigns.options], [campaigns.options]);
  // Until the campaign arrives, one from the URL shows the loading text rather than a bare id.
  const selected = value ? (campaigns.options.some((option) => option.value === String(value)) ? String(value) : null) : ALL_CAMPAIGNS;
  const campaignSelect = useOptionsWhileOpen(data, selected);
  return (
    <Select
      aria-label="Filtrar por campaña"
      {...campaignSelect}
      {...campaigns.selectProps}
      value={selected}
      onChange={(next) => onChange(next && next !== ALL_CAMPAIGNS ? Number(next) : undefined)}
      placeholder={campaigns.isPending || campaigns.chosenLoading ? 'Cargando campañas...' : ALL_LABEL}
      searchable
      allowDeselect={false}
      nothingFoundMessage={campaigns.searching ? 'Buscando…' : 'Ninguna campaña coincide'}
      error={campaigns.error ? errorMessage(campaigns.error, CAMPAIGN_FALLBACKS.list) : undefined}
      w={w}
    />
  );
}

/** The chosen campaign's name for its chip, once this filter has loaded it ('…' before). */
export function useCampaignFilterLabel(value: number | undefined): string {
  const campaign = useQuery({ ...campaignQueries.detail(value ?? 0), enabled: false });
  return value !== undefined && campaign.data ? campaign.data.name : '…';
}
