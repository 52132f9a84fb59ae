import { Card, Group, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ENTITLEMENT_STATUSES, ENTITLEMENT_STATUS_LABELS, ENTITLEMENT_TRANSITIONS } from '@contract/entitlement.constants';
import { useMemo, useRef, useState } from 'react';
import { CUSTOMER_FALLBACKS, customerQueries, type Customer } from '@/entities/customer';
import { EntitlementHistory, EntitlementPeriods, EntitlementStatusBadge, type Entitlement } from '@/entities/entitlement';
import { SelectItem, SelectionBar, useSelection, type BulkTarget, type Selection } from '@/features/act-on-many';
import { EntitlementStatusControl } from '@/features/change-entitlement-status';
import { CreateEntitlementForm, type PlanOption } from '@/features/create-entitlement';
import { errorMessage } from '@/shared/api';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LoadingState } from '@/shared/ui/loading-state';
import { Modal } from '@/shared/ui/modal';
import { UnsavedChangesDialog } from '@/shared/ui/unsaved-changes';

export interface SubscriptionsModalProps {
  /** The customer whose subscriptions are shown; null keeps the modal closed. */
  customer: Customer | null;
  dspId: number;
  onClose: () => void;
  /**
   * The DSP's plans a new subscription may name. Without them, the plans seen in the customer's
   * own subscriptions (so only a cancelled one can be taken again).
   */
  plans?: PlanOption[];
}

/** The statuses some subscription may move to; each is judged by its own, and the change needs a reason. */
const BULK_STATUSES = {
  options: ENTITLEMENT_STATUSES.filter((status) => Object.values(ENTITLEMENT_TRANSITIONS).some((next) => next.includes(status))).map((status) => ({
    value: status,
    label: ENTITLEMENT_STATUS_LABELS[status],
  })),
  reasonRequired: true,
};

/** Phones get the whole screen: cards with a form each do not fit a centred box at 390 px. */
const PHONE = '(max-width: 36em)';

/** Each plan once, as the customer's subscriptions name them. */
const plansOf = (entitlements: Entitlement[]): PlanOption[] => {
  const seen = new Map<number, PlanOption>();
  for (const entitlement of entitlements) {
    if (entitlement.plan && !seen.has(entitlement.plan.id)) seen.set(entitlement.plan.id, entitlement.plan);
  }
  return [...seen.values()];
};

interface BodyProps {
  customerId: number;
  dspId: number;
  plans?: PlanOption[];
  /** Which control (`status-<id>`, `create`) holds unsent changes. */
  onDirtyChange: (key: string, dirty: boolean) => void;
}

interface SubscriptionCardProps {
  customerId: number;
  customerName: string;
  entitlement: Entitlement;
  onDirtyChange: BodyProps['onDirtyChange'];
  selection: Selection;
}

function SubscriptionCard({ customerId, customerName, entitlement, onDirtyChange, selection }: SubscriptionCardProps) {
  const titleId = `subscription-${entitlement.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {entitlement.plan?.name ?? `Plan ${entitlement.plan_id}`}
          </Title>
          <Group gap="xs" wrap="nowrap">
            <EntitlementStatusBadge status={entitlement.status} />
            <SelectItem selection={selection} item={{ id: entitlement.id, label: entitlement.plan?.name ?? `Plan ${entitlement.plan_id}` }} />
          </Group>
        </Group>
        <EntitlementStatusControl
          customerId={customerId}
          customerName={customerName}
          entitlement={entitlement}
          onDirtyChange={(dirty) => onDirtyChange(`status-${entitlement.id}`, dirty)}
        />
        <Title order={4} size="h5" id={`${titleId}-periods`}>
          Periodos
        </Title>
        <EntitlementPeriods periods={entitlement.periods ?? []} labelledBy={`${titleId}-periods`} />
        <Title order={4} size="h5" id={`${titleId}-history`}>
          Historial de estados
        </Title>
        <EntitlementHistory history={entitlement.status_histories ?? []} labelledBy={`${titleId}-history`} />
      </Stack>
    </Card>
  );
}

/** The customer's subscriptions as the detail reads them: loading, the error with a retry, empty, or the cards. */
function SubscriptionsBody({ customerId, dspId, plans, onDirtyChange }: BodyProps) {
  const detail = useQuery(customerQueries.detail(customerId));
  const retry = () => void detail.refetch();
  const shown = detail.data?.entitlements;
  const items = useMemo(() => shown?.map((entitlement) => ({ id: entitlement.id, label: entitlement.plan?.name ?? `Plan ${entitlement.plan_id}` })), [shown]);
  const selection = useSelection('entitlements', items, shown?.length, customerId);
  const bulk: BulkTarget = {
    list: 'entitlements',
    path: `v1/dsps/${dspId}/entitlements`,
    filter: { customer_id: customerId },
    noun: { one: 'suscripción', many: 'suscripciones' },
    invalidate: [customerQueries.detail(customerId).queryKey, customerQueries.lists()],
    statuses: BULK_STATUSES,
  };
  if (detail.isPending) return <LoadingState label="Cargando suscripciones..." />;
  if (detail.isError && !detail.data) {
    return <ErrorAlert error={detail.error} message={errorMessage(detail.error, CUSTOMER_FALLBACKS.detail)} onRetry={retry} retrying={detail.isFetching} />;
  }
  const entitlements = detail.data.entitlements ?? [];
  return (
    <Stack gap="md">
      {/* A failed reload keeps the subscriptions on screen with the error above them. */}
      {detail.isError ? <ErrorAlert error={detail.error} message={errorMessage(detail.error, CUSTOMER_FALLBACKS.detail)} onRetry={retry} retrying={detail.isFetching} /> : null}
      {entitlements.length === 0 ? (
        <EmptyState title="Sin suscripciones" text="Este cliente todavía no tiene suscripciones." />
      ) : (
        <>
          <SelectionBar selection={selection} target={bulk} />
          {entitlements.map((entitlement) => (
            <SubscriptionCard key={entitlement.id} customerId={customerId} customerName={detail.data.name} entitlement={entitlement} onDirtyChange={onDirtyChange} selection={selection} />
          ))}
        </>
      )}
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-subscription">
        <Stack gap="sm">
          <Title order={3} size="h4" id="new-subscription">
            Nueva suscripción
          </Title>
          <CreateEntitlementForm
            dspId={dspId}
            customerId={customerId}
            plans={plans ?? plansOf(entitlements)}
            entitlements={entitlements}
            onDirtyChange={(dirty) => onDirtyChange('create', dirty)}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * 'Suscripciones de {nombre}': each subscription with its status control, periods and history, and
 * a new subscription below. Closing with a status, reason or plan picked and not sent asks first.
 */
export function SubscriptionsModal({ customer, dspId, onClose, plans }: SubscriptionsModalProps) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const dirty = useRef(new Set<string>());
  const [asking, setAsking] = useState(false);
  // The title stays while the modal fades out after closing.
  const [name, setName] = useState(customer?.name ?? '');
  if (customer && customer.name !== name) setName(customer.name);

  const markDirty = (key: string, value: boolean) => {
    if (value) dirty.current.add(key);
    else dirty.current.delete(key);
  };
  const close = () => {
    dirty.current.clear();
    setAsking(false);
    onClose();
  };
  const requestClose = () => (dirty.current.size > 0 ? setAsking(true) : close());

  const title = `Suscripciones de ${name}`;
  return (
    <>
      <Modal opened={customer !== null} onClose={requestClose} title={title} size="lg" fullScreen={phone} centered={!phone} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        {customer ? <SubscriptionsBody key={customer.id} customerId={customer.id} dspId={dspId} plans={plans} onDirtyChange={markDirty} /> : null}
      </Modal>
      <UnsavedChangesDialog opened={asking} title={title} onKeepEditing={() => setAsking(false)} onDiscard={close} />
    </>
  );
}
