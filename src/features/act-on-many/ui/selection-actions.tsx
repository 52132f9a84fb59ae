import { BULK_ACTIONS, BULK_MAX_RECORDS, BULK_MESSAGES, type BulkAction } from '@contract/bulk.constants';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { BULK_ACTION_TEXT } from '../config/actions';
import type { BulkTarget } from '../model/bulk-target';
import type { Selection } from '../model/use-selection';
import { BulkDialog } from './bulk-dialog';

const count = (n: number) => n.toLocaleString('es-CO');

/** The bar's part once something is chosen: how many, the whole filtered set, the actions and 'Quitar selección'. */
export function SelectionActions({ selection, target, onCleared }: { selection: Selection; target: BulkTarget; onCleared: () => void }) {
  // The person's permission was asked by the selection: without it, the bar never loads.
  const actions = BULK_ACTIONS[target.list].filter((action: BulkAction) => !target.without?.includes(action));
  const [acting, setActing] = useState<BulkAction | null>(null);
  const { count: chosen, total } = selection;
  const matching = selection.chosen.kind === 'matching';
  const tooMany = chosen > BULK_MAX_RECORDS;

  return (
    <>
      {chosen > 0 ? (
        <>
          <Text fw={600} size="sm" role="status">
            {`${count(chosen)} seleccionados`}
          </Text>
          {matching ? (
            <Text size="sm" c="dimmed">
              Todos los que coinciden con los filtros
            </Text>
          ) : null}
          {!matching && total > chosen ? (
            <Button variant="subtle" size="compact-sm" onClick={selection.selectMatching}>
              {`Seleccionar los ${count(total)} que coinciden`}
            </Button>
          ) : null}
          {tooMany ? (
            <Text size="sm" c="red">
              {BULK_MESSAGES.tooMany}
            </Text>
          ) : null}
          {actions.map((action) => (
            <Button key={action} size="compact-sm" color={action === 'delete' ? 'red' : undefined} disabled={tooMany} onClick={() => setActing(action)}>
              {BULK_ACTION_TEXT[action].label}
            </Button>
          ))}
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => {
              selection.clear();
              // The button goes with the selection: the focus stays in the bar, on its checkbox.
              onCleared();
            }}
          >
            Quitar selección
          </Button>
        </>
      ) : null}
      <BulkDialog action={acting} selection={selection} target={target} onClose={() => setActing(null)} />
    </>
  );
}
