import type { BulkBody, BulkResult } from '@contract/bulk';
import type { BulkAction } from '@contract/bulk.constants';
import { Alert, Button, Group, List, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/shared/api';
import { Modal } from '@/shared/ui/modal';
import { BULK_FALLBACK, actOnMany } from '../api/act-on-many';
import { BULK_ACTION_TEXT } from '../config/actions';
import { bulkFilterOf, type BulkTarget } from '../model/bulk-target';
import type { Chosen, Selection } from '../model/use-selection';

export interface BulkDialogProps {
  /** The action being asked about; null keeps the dialog closed. */
  action: BulkAction | null;
  selection: Selection;
  target: BulkTarget;
  onClose: () => void;
}

/** The most reasons the result lists; the rest are counted. */
const MAX_LISTED = 50;
const MAX_REASON = 500;

const amount = (n: number) => n.toLocaleString('es-CO');
/** '12 sponsors', '1 sponsor'. */
export const howMany = (n: number, noun: BulkTarget['noun']) => `${amount(n)} ${n === 1 ? noun.one : noun.many}`;

/** 'Se eliminarán 12 sponsors.', 'Se cambiará el estado de 1 agendamiento.' */
const question = (action: BulkAction, n: number, noun: BulkTarget['noun']) => {
  const verb = BULK_ACTION_TEXT[action].verb;
  // The verbs are written for many ('eliminarán'); one record takes the singular ('eliminará').
  const said = n === 1 && verb.endsWith('n') && action !== 'status' ? verb.slice(0, -1) : verb;
  return `Se ${said} ${howMany(n, noun)}.`;
};

/** What was chosen, as the call sends it: the ids ticked, or the list's own filter for 'all that match'. */
const targetOf = (chosen: Chosen, target: BulkTarget): Pick<BulkBody, 'ids' | 'filter'> =>
  chosen.kind === 'matching' ? { filter: bulkFilterOf(target.filter) } : { ids: [...chosen.ids] };

/** The refusal's own words: a field's message (the reason, the status) before the general one. */
const refusal = (error: unknown) =>
  (error instanceof ApiError && (error.fieldError('reason') || error.fieldError('status') || error.fieldError('ids'))) || errorMessage(error, BULK_FALLBACK);

/**
 * Asks before acting on the chosen records (how many, and for a status the new one and its reason),
 * then says what happened: how many were done, which were skipped and why, which failed. The list
 * is read again and the selection emptied once the server has answered.
 */
export function BulkDialog({ action, selection, target, onClose }: BulkDialogProps) {
  const [result, setResult] = useState<{ answer: BulkResult; names: Map<number, string> } | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const title = result ? 'Resultado' : action ? BULK_ACTION_TEXT[action].label : '';
  return (
    <Modal opened={action !== null} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {result ? (
        <BulkOutcome answer={result.answer} names={result.names} onClose={close} />
      ) : action ? (
        <BulkAsk
          key={action}
          action={action}
          selection={selection}
          target={target}
          onCancel={close}
          onDone={(answer, names) => {
            if (answer.skipped.length === 0 && answer.failed.length === 0) {
              notifications.show({ color: 'green', message: `${amount(answer.done)} hechos` });
              close();
            } else setResult({ answer, names });
          }}
        />
      ) : null}
    </Modal>
  );
}

interface BulkAskProps {
  action: BulkAction;
  selection: Selection;
  target: BulkTarget;
  onCancel: () => void;
  onDone: (answer: BulkResult, names: Map<number, string>) => void;
}

function BulkAsk({ action, selection, target, onCancel, onDone }: BulkAskProps) {
  const queryClient = useQueryClient();
  // As chosen when the dialog opened: the selection empties once the answer is in.
  const [chosen] = useState(selection.chosen);
  const [n] = useState(selection.count);
  const [names] = useState(() => new Map(selection.items.map((item) => [item.id, item.label])));
  const statuses = target.statuses;
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const text = BULK_ACTION_TEXT[action];
  const asksStatus = action === 'status' && statuses !== undefined;
  const reasonMissing = asksStatus && statuses.reasonRequired && reason.trim() === '';

  const act = useMutation({
    mutationFn: () =>
      actOnMany(target.path, {
        action,
        ...targetOf(chosen, target),
        ...(asksStatus ? { status, reason: reason.trim() || null } : {}),
      }),
    onSuccess: (answer) => {
      for (const queryKey of target.invalidate) void queryClient.invalidateQueries({ queryKey });
      selection.clear();
      onDone(answer, names);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (act.isPending || (asksStatus && status === '') || reasonMissing) return;
    act.mutate();
  };
  const busy = act.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{question(action, n, target.noun)}</Text>
        {asksStatus ? (
          <>
            <NativeSelect
              label="Nuevo estado"
              data={[{ value: '', label: 'Selecciona el nuevo estado', disabled: true }, ...statuses.options]}
              value={status}
              disabled={busy}
              data-autofocus
              onChange={(event) => setStatus(event.currentTarget.value)}
            />
            <Textarea
              label="Motivo"
              description={statuses.reasonRequired ? 'Requerido' : 'Opcional'}
              required={statuses.reasonRequired}
              value={reason}
              maxLength={MAX_REASON}
              rows={3}
              disabled={busy}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </>
        ) : null}
        <Text size="xs" c="dimmed">
          Cada registro sigue sus propias reglas: los que no se puedan cambiar se omiten y se dice por qué.
        </Text>
        {act.isError ? (
          <Alert color="red" variant="light" title="Error">
            {refusal(act.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={asksStatus ? undefined : true}>
            Cancelar
          </Button>
          <Button
            type="submit"
            color={action === 'delete' ? 'red' : undefined}
            disabled={busy || (asksStatus && status === '') || reasonMissing}
            aria-busy={busy || undefined}
          >
            {busy ? text.busy : text.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A record the answer names: by its name when the page showed it, else by its id. */
const named = (id: number, names: Map<number, string>) => names.get(id) ?? `#${id}`;

/** One kind of record left as it was ('omitidos', 'con error'): how many, and each with why, the first MAX_LISTED. */
function OutcomeList({ title, items, names, failed = false }: { title: string; items: { id: number; why: string }[]; names: Map<number, string>; failed?: boolean }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c={failed ? 'red' : undefined}>{`${amount(items.length)} ${title}`}</Text>
      <List size="sm" spacing={2} aria-label={title[0]!.toUpperCase() + title.slice(1)}>
        {items.slice(0, MAX_LISTED).map((item) => (
          <List.Item key={item.id}>{`${named(item.id, names)}: ${item.why}`}</List.Item>
        ))}
      </List>
      {items.length > MAX_LISTED ? <Text size="xs" c="dimmed">{`Y ${amount(items.length - MAX_LISTED)} más.`}</Text> : null}
    </Stack>
  );
}

/** 'N hechos', then the skipped records with their reasons and the failed ones with their messages. */
export function BulkOutcome({ answer, names, onClose }: { answer: BulkResult; names: Map<number, string>; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Text fw={600} role="status">{`${amount(answer.done)} hechos`}</Text>
      <OutcomeList title="omitidos" items={answer.skipped.map((item) => ({ id: item.id, why: item.reason }))} names={names} />
      <OutcomeList title="con error" items={answer.failed.map((item) => ({ id: item.id, why: item.message }))} names={names} failed />
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Cerrar
        </Button>
      </Group>
    </Stack>
  );
}
