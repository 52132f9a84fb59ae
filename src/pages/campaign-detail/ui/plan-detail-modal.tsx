import { Button, Group, Stack } from '@mantine/core';
import { PlanDetails, type Plan } from '@/entities/plan';
import { HistoryButton } from '@/features/view-change-history';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { IconEdit } from '@/shared/ui/icons';
import { Modal } from '@/shared/ui/modal';

export interface PlanDetailModalProps {
  /** The plan shown; null keeps the modal closed. */
  plan: Plan | null;
  onClose: () => void;
  onEdit: (plan: Plan) => void;
}

/** 'Ver' on a plan card: the whole plan, its history for who may edit it, and a way to edit it. */
export function PlanDetailModal({ plan, onClose, onEdit }: PlanDetailModalProps) {
  // The server answers a record's history only to who may edit it.
  const canEdit = useSessionStore((state) => hasPermission(state.user, 'sponsors.manage'));
  return (
    <Modal opened={plan !== null} onClose={onClose} title={plan?.name ?? ''} size="lg" centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {plan ? (
        <Stack gap="lg">
          <PlanDetails plan={plan} />
          <Group justify="flex-end" gap="xs">
            {canEdit ? <HistoryButton resource="plan" id={plan.id} name={plan.name} /> : null}
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => onEdit(plan)}>
              Editar
            </Button>
            <Button onClick={onClose}>Cerrar</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
