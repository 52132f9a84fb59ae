import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignQueries, type Campaign } from '@/entities/campaign';
import { PlanCard, planDeletion, type Plan } from '@/entities/plan';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { PlanWizardModal } from '@/features/edit-plan';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconEye, IconPlus } from '@/shared/ui/icons';
import { RecordActions } from '@/shared/ui/record-actions';
import { PlanDetailModal } from './plan-detail-modal';

/** The campaign's plans: cards, their detail, the plan wizard and delete. */
export function PlansTab({ campaign }: { campaign: Campaign }) {
  const queryClient = useQueryClient();
  const plans = campaign.plans ?? [];
  const [form, setForm] = useState<{ opened: boolean; plan: Plan | null }>({ opened: false, plan: null });
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  // Read from the campaign each time, so the detail shows the plan as it is after an edit.
  const viewing = plans.find((plan) => plan.id === viewingId) ?? null;

  const openNew = () => setForm({ opened: true, plan: null });
  const openEdit = (plan: Plan) => {
    setViewingId(null);
    setForm({ opened: true, plan });
  };
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={openNew} data-shortcut="new">
      Nuevo Plan
    </Button>
  );

  return (
    <Stack gap="md">
      {plans.length === 0 ? (
        <EmptyState title="No hay planes de asistencia" text="Esta campaña todavía no tiene planes." action={newButton} />
      ) : (
        <>
          <Group justify="flex-end">{newButton}</Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                actions={
                  <RecordActions name={plan.name} onEdit={() => openEdit(plan)} onDelete={() => setDeleting(plan)}>
                    <Button size="xs" variant="light" leftSection={<IconEye size={14} />} aria-label={`Ver ${plan.name}`} onClick={() => setViewingId(plan.id)}>
                      Ver
                    </Button>
                  </RecordActions>
                }
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <PlanDetailModal plan={viewing} onClose={() => setViewingId(null)} onEdit={openEdit} />
      <PlanWizardModal
        opened={form.opened}
        campaignId={campaign.id}
        currency={campaign.currency}
        plan={form.plan}
        campaignPlans={plans}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteWithConfirmation
        target={deleting}
        deletion={planDeletion}
        onClose={() => setDeleting(null)}
        // The page reads its plans (and the tab counts) from the campaign.
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: campaignQueries.details() })}
      />
    </Stack>
  );
}
