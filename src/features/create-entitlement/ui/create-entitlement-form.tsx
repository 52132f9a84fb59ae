import { entitlementFields } from '@contract/entitlement';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ENTITLEMENT_FALLBACKS, type Entitlement } from '@/entities/entitlement';
import { formFieldErrors } from '@/shared/api';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { bannerMessage } from '@/shared/ui/form-modal';
import { useCreateEntitlement } from '../model/use-create-entitlement';

export interface PlanOption {
  id: number;
  name: string;
}

export interface CreateEntitlementFormProps {
  dspId: number;
  customerId: number;
  /** The DSP's plans; those the customer already holds are left out. */
  plans: PlanOption[];
  /** The customer's subscriptions: a plan is held while its subscription is not cancelled. */
  entitlements: Entitlement[];
  /** Told whether a plan is picked but not sent, so closing can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * 'Agregar suscripción': one of the DSP's plans the customer does not hold. The contract's rule
 * checks it before sending ('Debes indicar un Plan ID.'); the server's refusal (a plan already
 * held, 409; not the DSP's, 422) shows under the select, anything else above it. When the customer
 * holds every plan there is nothing to pick: the select and the button are off, and say why.
 */
/** Why there is no plan to subscribe the customer to. */
const NOTHING_TO_ADD = 'El cliente ya tiene todos los planes de esta DSP.';

export function CreateEntitlementForm({ dspId, customerId, plans, entitlements, onDirtyChange }: CreateEntitlementFormProps) {
  const [planId, setPlanId] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useCreateEntitlement(() => setPlanId(''));
  const reasonId = useId();

  useEffect(() => {
    onDirtyChange?.(planId !== '');
    // Gone from the screen, it holds nothing to lose.
    return () => onDirtyChange?.(false);
  }, [onDirtyChange, planId]);

  const held = new Set(entitlements.filter((entitlement) => entitlement.status !== 'CANCELLED').map((entitlement) => entitlement.plan_id));
  const available = plans.filter((plan) => !held.has(plan.id));
  const nothingToAdd = available.length === 0;

  const serverErrors = formFieldErrors(create.error);
  const errors = { ...serverErrors, ...localErrors };
  // The DSP and the customer have no field here: what is wrong with them shows above the plan.
  const banner =
    errors.dsp_id ?? errors.customer_id ?? bannerMessage(create.error, ENTITLEMENT_FALLBACKS.create, serverErrors, ['plan_id', 'dsp_id', 'customer_id']);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.reset();
    const parsed = entitlementFields.safeParse({ dsp_id: dspId, customer_id: customerId, plan_id: planId });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= issue.message;
      }
      setLocalErrors(found);
      return;
    }
    setLocalErrors({});
    create.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {banner ? <ErrorAlert message={banner} /> : null}
        <NativeSelect
          label="Plan"
          data={[{ value: '', label: 'Selecciona un plan' }, ...available.map((plan) => ({ value: String(plan.id), label: plan.name }))]}
          value={planId}
          error={errors.plan_id}
          disabled={create.isPending || nothingToAdd}
          aria-describedby={nothingToAdd ? reasonId : undefined}
          onChange={(event) => {
            setPlanId(event.currentTarget.value);
            setLocalErrors({});
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={create.isPending || nothingToAdd} aria-describedby={nothingToAdd ? reasonId : undefined}>
            {create.isPending ? 'Agregando…' : 'Agregar suscripción'}
          </Button>
        </Group>
        {nothingToAdd ? (
          <Text id={reasonId} size="sm" c="dimmed" ta="right">
            {NOTHING_TO_ADD}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
