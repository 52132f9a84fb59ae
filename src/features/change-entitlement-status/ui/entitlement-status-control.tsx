import { ENTITLEMENT_ANSWERS, ENTITLEMENT_STATUSES, ENTITLEMENT_STATUS_LABELS, ENTITLEMENT_TRANSITIONS, MAX_ENTITLEMENT_REASON, entitlementTransitionRefusal } from '@contract/entitlement.constants';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { ENTITLEMENT_FALLBACKS, entitlementFinalStatusQuestion, type Entitlement, type EntitlementStatus } from '@/entities/entitlement';
import { errorMessage } from '@/shared/api';
import { offButKeepsFocus } from '@/shared/lib';
import { useConfirm } from '@/shared/ui/confirm-dialog';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { useChangeEntitlementStatus } from '../model/use-change-entitlement-status';

export interface EntitlementStatusControlProps {
  customerId: number;
  /** Named, with the plan, when a final status is asked for. */
  customerName: string;
  entitlement: Entitlement;
  /** Told whether a status or a reason is picked but not sent, so closing can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** What the select says under it: where this status may go, or why it cannot go anywhere. */
const transitionsHint = (from: EntitlementStatus) => {
  const allowed = ENTITLEMENT_TRANSITIONS[from];
  // Only a cancelled subscription goes nowhere: the rule's own words say so.
  if (allowed.length === 0) return entitlementTransitionRefusal(from, 'ACTIVE') ?? '';
  const labels = allowed.map((status) => ENTITLEMENT_STATUS_LABELS[status]);
  const listed = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} o ${labels.at(-1)}` : labels[0];
  return `Desde ${ENTITLEMENT_STATUS_LABELS[from]} puede pasar a ${listed}.`;
};

/**
 * The status select of one subscription, an optional reason and 'Cambiar estado'. The select
 * shows the subscription's status as the customer's cached detail holds it, unless another one is
 * picked and not yet sent; sending drops the pick, so the select follows the cache: the new status
 * at once, and the previous one again when the server refuses. A final status (Cancelado,
 * Expirado) is sent only after the customer and the plan are named and staff confirm.
 */
export function EntitlementStatusControl({ customerId, customerName, entitlement, onDirtyChange }: EntitlementStatusControlProps) {
  const [picked, setPicked] = useState<EntitlementStatus | null>(null);
  const [reason, setReason] = useState('');
  const change = useChangeEntitlementStatus(customerId);
  const { confirm, dialog } = useConfirm();
  const busy = change.isPending;
  const current = entitlement.status;
  const shown = picked ?? current;
  const final = ENTITLEMENT_TRANSITIONS[current].length === 0;

  useEffect(() => {
    onDirtyChange?.(picked !== null || reason.trim() !== '');
    // Gone from the screen, it holds nothing to lose.
    return () => onDirtyChange?.(false);
  }, [onDirtyChange, picked, reason]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!picked || picked === current) return;
    const status = picked;
    const question = entitlementFinalStatusQuestion(status, customerName, entitlement.plan?.name ?? `Plan ${entitlement.plan_id}`);
    // Volver keeps the pick on the select: nothing is sent.
    if (question && !(await confirm(question))) return;
    setPicked(null);
    change.mutate(
      { entitlementId: entitlement.id, status, reason: reason.trim(), version: entitlement.version },
      {
        onSuccess: () => {
          setReason('');
          notifications.show({ color: 'green', message: ENTITLEMENT_ANSWERS.statusChanged });
        },
      },
    );
  };

  const options = ENTITLEMENT_STATUSES.map((status) => ({
    value: status,
    label: ENTITLEMENT_STATUS_LABELS[status],
    // The current status stays pickable so the select can show it; the rule refuses the rest it does not list.
    disabled: status !== current && entitlementTransitionRefusal(current, status) !== null,
  }));

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          {change.isError ? <ErrorAlert error={change.error} message={errorMessage(change.error, ENTITLEMENT_FALLBACKS.status)} /> : null}
          <NativeSelect
            label="Estado"
            description={transitionsHint(current)}
            data={options}
            value={shown}
            disabled={busy || final}
            onChange={(event) => {
              const value = event.currentTarget.value as EntitlementStatus;
              setPicked(value === current ? null : value);
            }}
          />
          <TextInput
            label="Motivo (opcional)"
            value={reason}
            maxLength={MAX_ENTITLEMENT_REASON}
            disabled={busy || final}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            {/* Focus stays on it through the change and after, when it is off again until another pick. */}
            <Button type="submit" {...offButKeepsFocus(busy || picked === null)}>
              {busy ? 'Cambiando…' : 'Cambiar estado'}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a submit inside the question must not bubble (through the portal) into it. */}
      {dialog}
    </>
  );
}
