import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Stepper, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMMITMENT_MONTHS, MAX_TRIAL_DAYS } from '@contract/plan.constants';
import { parsePrice } from '@contract/price';
import { campaignQueries } from '@/entities/campaign';
import {
  PLAN_FALLBACKS,
  PLAN_STATUSES,
  PLAN_STATUS_LABELS,
  createPlan,
  formatMonths,
  formatPlanPrice,
  planQueries,
  updatePlan,
  type Plan,
  type PlanPayload,
  type PlanStatus,
} from '@/entities/plan';
import { formFieldErrors } from '@/shared/api';
import { EMPTY_VALUE, type ConflictFields } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { ConflictDialog } from '@/shared/ui/conflict-dialog';
import { FormModal, FormModalBody, bannerMessage, useConflictDialog } from '@/shared/ui/form-modal';
import { DocumentInput, ImageInput, formFileProps } from '@/shared/ui/file-input';
import { Select } from '@/shared/ui/select';
import { LAST_STEP, PLAN_STEPS, basePlanCandidates, initialPlanFormValues, planFormSchema, stepOfField, toPlanPayload, type PlanFormValues } from '../model/plan-form';

export interface PlanWizardModalProps {
  opened: boolean;
  onClose: () => void;
  campaignId: number;
  /** The campaign's currency (ISO 4217), the one its prices are in. */
  currency: string | null;
  /** The plan to edit; null creates a new one. */
  plan: Plan | null;
  /** The campaign's plans: the ones an upgrade may build on (never the plan itself). */
  campaignPlans: readonly Pick<Plan, 'id' | 'name' | 'plan_id'>[];
  onSaved?: (plan: Plan) => void;
}

/** 'Nuevo Plan' / 'Editar Plan': three steps, saved from the last one. */
export function PlanWizardModal({ opened, onClose, campaignId, currency, plan, campaignPlans, onSaved }: PlanWizardModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={plan ? 'Editar Plan' : 'Nuevo Plan'}>
      <PlanWizard key={plan?.id ?? 'new'} campaignId={campaignId} currency={currency} plan={plan} campaignPlans={campaignPlans} onDone={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

interface PlanWizardProps {
  campaignId: number;
  currency: string | null;
  plan: Plan | null;
  campaignPlans: readonly Pick<Plan, 'id' | 'name' | 'plan_id'>[];
  onDone: () => void;
  onSaved?: (plan: Plan) => void;
}

const resolve = schemaResolver(planFormSchema, { sync: true });


/** What the conflict dialog compares (the files being chosen are the person's alone). */
const planConflictFields = (currency: string | null, basePlans: readonly { id: number; name: string }[]): ConflictFields<PlanFormValues> => ({
  name: 'Nombre',
  description: 'Descripción',
  price: { label: 'Precio', show: (typed) => { const price = parsePrice(typed); return price === null ? typed || EMPTY_VALUE : formatPlanPrice({ price, currency }); } },
  status: { label: 'Estado', show: (status) => PLAN_STATUS_LABELS[status] },
  inclusions: 'Inclusiones',
  exclusions: 'Exclusiones',
  commitment_months: { label: 'Permanencia', show: (months) => formatMonths(Number(months)) },
  trial_days: 'Días de prueba',
  auto_renew: 'Renovación automática',
  apolo_code_ref: 'Código Apolo',
  meta: 'Metadatos',
  is_upgrade: 'Es una mejora de otro plan',
  plan_id: { label: 'Plan base', options: basePlans.map((base) => ({ value: String(base.id), label: base.name })) },
});

const firstStepWithError = (errors: Record<string, unknown>) => {
  const steps = Object.keys(errors)
    .map(stepOfField)
    .filter((step): step is number => step !== null);
  return steps.length > 0 ? Math.min(...steps) : null;
};

function PlanWizard({ campaignId, currency, plan, campaignPlans, onDone, onSaved }: PlanWizardProps) {
  const editing = plan !== null;
  const [active, setActive] = useState(0);
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const form = useForm<PlanFormValues>({ mode: 'controlled', initialValues: initialPlanFormValues(plan) });

  const save = useSaveMutation({
    record: plan,
    mutationFn: (payload: PlanPayload, version) => (plan ? updatePlan(plan.id, payload, version) : createPlan(campaignId, payload)),
    invalidate: [campaignQueries.details(), planQueries.all()],
    successMessage: editing ? 'Plan actualizado.' : 'Plan creado.',
    onSaved: (saved) => {
      onSaved?.(saved);
      onDone();
    },
    onFieldErrors: (errors) => {
      form.setErrors(errors);
      // The refusal shows where its field is, so the wizard goes to that step.
      const step = firstStepWithError(errors);
      if (step !== null) setActive(step);
    },
  });

  // A new step starts at its first field, so keyboard users carry on where the content is.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    stepRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([type="file"]), textarea, button')?.focus();
  }, [active]);

  const goTo = (step: number) => {
    moved.current = true;
    setActive(step);
  };

  /** Checks the given step's fields only; true when they are fine. */
  const validateStep = (step: number) => {
    const errors = resolve(form.getValues());
    let valid = true;
    for (const field of PLAN_STEPS[step]!.fields) {
      const message = errors[field];
      if (message) {
        form.setFieldError(field, message);
        valid = false;
      } else form.clearFieldError(field);
    }
    return valid;
  };

  // Enter in a field submits the form: before the last step it only moves on, never saves.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    if (active < LAST_STEP) {
      if (validateStep(active)) goTo(active + 1);
      return;
    }
    const errors = resolve(form.getValues());
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      const step = firstStepWithError(errors);
      if (step !== null && step !== active) setActive(step);
      return;
    }
    save.mutate(toPlanPayload(form.getValues()));
  };

  const busy = save.isPending;
  const otherPlans = basePlanCandidates(campaignPlans, plan?.id ?? null);
  const fieldErrors = formFieldErrors(save.error);
  const conflict = useConflictDialog(form, save, { values: initialPlanFormValues, fields: planConflictFields(currency, otherPlans) }, (values) =>
    save.mutate(toPlanPayload(values)),
  );

  return (
    <>
    <FormModalBody
      onSubmit={handleSubmit}
      onCancel={onDone}
      busy={busy}
      submitLabel={active < LAST_STEP ? 'Siguiente' : editing ? 'Guardar cambios' : 'Crear Plan'}
      busyLabel={editing ? 'Guardando…' : 'Creando…'}
      error={bannerMessage(save.error, PLAN_FALLBACKS.save, fieldErrors, Object.keys(form.values))}
      dirty={form.isDirty()}
      failure={conflict.opened ? null : save.error}
    >
      <Stepper
        active={active}
        onStepClick={(step) => step < active && goTo(step)}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={28}
      >
        <Stepper.Step label={PLAN_STEPS[0].label}>
          <Stack gap="md" ref={active === 0 ? stepRef : undefined}>
            <BasicStep form={form} busy={busy} currency={currency} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={PLAN_STEPS[1].label}>
          <Stack gap="md" ref={active === 1 ? stepRef : undefined}>
            <ImageInput label="Imagen" {...formFileProps(form, 'image')} currentUrl={plan?.image_url} disabled={busy} />
            <DocumentInput
              label="Documento PDF"
              {...formFileProps(form, 'document')}
              currentUrl={plan?.document_url}
              disabled={busy}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={PLAN_STEPS[2].label}>
          <Stack gap="md" ref={active === 2 ? stepRef : undefined}>
            <DetailsStep form={form} busy={busy} otherPlans={otherPlans} />
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" align="center">
        <Button variant="subtle" onClick={() => goTo(active - 1)} disabled={active === 0 || busy}>
          Atrás
        </Button>
        <Text size="sm" c="dimmed">{`Paso ${active + 1} de ${PLAN_STEPS.length}`}</Text>
      </Group>
    </FormModalBody>
    <ConflictDialog {...conflict} />
    </>
  );
}

type PlanForm = ReturnType<typeof useForm<PlanFormValues>>;

/** Under Precio: how a valid price will read once saved, so '30.000' is seen as thirty thousand. */
const pricePreview = (typed: string, currency: string | null) => {
  if (typed.trim() === '') return 'Vacío si no tiene precio';
  const price = parsePrice(typed);
  return price === null ? 'Ej.: 30.000, 30,99 o $ 1.250.000' : `Se guardará como ${formatPlanPrice({ price, currency })}`;
};

function BasicStep({ form, busy, currency }: { form: PlanForm; busy: boolean; currency: string | null }) {
  return (
    <>
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <Textarea label="Descripción" withAsterisk rows={3} resize="vertical" disabled={busy} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Precio"
          placeholder="Ej.: 30.000 o 30,99"
          description={pricePreview(form.values.price, currency)}
          inputMode="decimal"
          autoComplete="off"
          disabled={busy}
          {...form.getInputProps('price')}
        />
        <Select
          label="Estado"
          data={PLAN_STATUSES.map((status) => ({ value: status, label: PLAN_STATUS_LABELS[status] }))}
          allowDeselect={false}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('status')}
          onChange={(value) => value && form.setFieldValue('status', value as PlanStatus)}
        />
      </SimpleGrid>
    </>
  );
}

function DetailsStep({ form, busy, otherPlans }: { form: PlanForm; busy: boolean; otherPlans: readonly Pick<Plan, 'id' | 'name'>[] }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea label="Inclusiones" description="Una por línea" rows={4} resize="vertical" disabled={busy} {...form.getInputProps('inclusions')} />
        <Textarea label="Exclusiones" description="Una por línea" rows={4} resize="vertical" disabled={busy} {...form.getInputProps('exclusions')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Permanencia"
          data={COMMITMENT_MONTHS.map((months) => ({ value: String(months), label: formatMonths(months) }))}
          allowDeselect={false}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('commitment_months')}
        />
        <NumberInput
          label="Días de prueba"
          placeholder="Sin prueba"
          min={0}
          max={MAX_TRIAL_DAYS}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          disabled={busy}
          {...form.getInputProps('trial_days')}
        />
      </SimpleGrid>
      <Switch label="Renovación automática" disabled={busy} {...form.getInputProps('auto_renew', { type: 'checkbox' })} />
      <TextInput label="Código Apolo" autoComplete="off" disabled={busy} {...form.getInputProps('apolo_code_ref')} />
      <Textarea
        label="Metadatos"
        description="Texto libre o JSON (si empieza con { o [ debe ser un JSON válido)."
        rows={3}
        resize="vertical"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        disabled={busy}
        {...form.getInputProps('meta')}
      />
      {otherPlans.length > 0 ? (
        <>
          <Checkbox
            label="Es una mejora de otro plan"
            disabled={busy}
            {...form.getInputProps('is_upgrade', { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue('is_upgrade', event.currentTarget.checked);
              if (!event.currentTarget.checked) {
                form.setFieldValue('plan_id', null);
                form.clearFieldError('plan_id');
              }
            }}
          />
          <Select
            label="Plan base"
            placeholder="Elige el plan que mejora"
            data={otherPlans.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            disabled={busy || !form.values.is_upgrade}
            searchable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('plan_id')}
          />
        </>
      ) : null}
    </>
  );
}
