import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { campaignQueries, type Campaign } from '@/entities/campaign';
import { ServiceCard, serviceDeletion, type Service } from '@/entities/service';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { ServiceFormModal } from '@/features/edit-service';
import { HistoryButton } from '@/features/view-change-history';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconPlus } from '@/shared/ui/icons';
import { RecordActions } from '@/shared/ui/record-actions';
import { Select } from '@/shared/ui/select';
import type { CampaignDetailSearch } from '../model/search';

const route = getRouteApi('/protected/sponsor/$sponsorId/campaign/$campanaId');

const NEEDS_PLAN = 'Elige un plan para crear un servicio';

/** The services of the plan chosen in the URL (`?tab=servicios&plan=7`), or of every plan: cards, the service modal and delete. */
export function ServicesTab({ campaign }: { campaign: Campaign }) {
  const queryClient = useQueryClient();
  const { plan: planParam } = route.useSearch();
  const navigate = route.useNavigate();
  const plans = campaign.plans ?? [];
  // A plan of another campaign (or a deleted one) in the URL counts as none.
  const plan = plans.find((candidate) => candidate.id === planParam) ?? null;
  const shown = (plan ? [plan] : plans).flatMap((owner) => (owner.services ?? []).map((service) => ({ service, planName: owner.name })));
  const categoryNames = new Map((campaign.categories ?? []).map((category) => [category.id, category.name]));
  const [form, setForm] = useState<{ opened: boolean; service: Service | null }>({ opened: false, service: null });
  const [deleting, setDeleting] = useState<Service | null>(null);
  const canEdit = useSessionStore((state) => hasPermission(state.user, 'sponsors.manage'));
  const reasonId = useId();

  const choosePlan = (value: string | null) =>
    void navigate({
      to: '.',
      search: (old: CampaignDetailSearch) => ({ ...old, plan: value ? Number(value) : undefined }),
    });

  const newButton = (
    <Button
      // A phone's full width (the row wraps there, the button below the select); at its end beyond.
      w={{ base: '100%', xs: 'auto' }}
      ml={{ base: 0, xs: 'auto' }}
      leftSection={<IconPlus size={16} />}
      disabled={plan === null}
      aria-describedby={plan === null ? reasonId : undefined}
      onClick={() => setForm({ opened: true, service: null })}
      data-shortcut="new"
    >
      Nuevo Servicio
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Plan"
          placeholder="Todos los planes"
          data={plans.map((option) => ({ value: String(option.id), label: option.name }))}
          value={plan ? String(plan.id) : null}
          onChange={choosePlan}
          clearable
          w={{ base: '100%', xs: 320 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap={4} w={{ base: '100%', xs: 'auto' }}>
          {newButton}
          {plan === null ? (
            <Text id={reasonId} size="xs" c="dimmed" ta={{ base: 'center', xs: 'right' }}>
              {NEEDS_PLAN}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {shown.length === 0 ? (
        <EmptyState
          title="No hay servicios"
          text={plan ? `El plan ${plan.name} todavía no tiene servicios.` : plans.length === 0 ? 'Esta campaña todavía no tiene planes.' : 'Los planes de esta campaña todavía no tienen servicios.'}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {shown.map(({ service, planName }) => (
            <ServiceCard
              key={service.id}
              service={service}
              planName={planName}
              categoryName={service.category?.name ?? (service.category_id === null ? null : (categoryNames.get(service.category_id) ?? null))}
              actions={
                <RecordActions
                  name={service.name}
                  onEdit={() => setForm({ opened: true, service })}
                  history={canEdit ? <HistoryButton resource="service" id={service.id} name={service.name} compact /> : null}
                  onDelete={() => setDeleting(service)}
                />
              }
            />
          ))}
        </SimpleGrid>
      )}
      <ServiceFormModal
        opened={form.opened}
        campaign={campaign}
        service={form.service}
        planId={plan?.id ?? null}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteWithConfirmation
        target={deleting}
        deletion={serviceDeletion}
        onClose={() => setDeleting(null)}
        // The campaign's detail holds the cards and the tab's count.
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: campaignQueries.details() })}
      />
    </Stack>
  );
}
