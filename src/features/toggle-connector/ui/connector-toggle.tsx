import { Badge, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CONNECTOR_FALLBACKS, connectorQueries, updateConnector, type Connector } from '@/entities/connector';
import { offButKeepsFocus } from '@/shared/lib';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { BADGE_TONES, activeLabel, activeTone } from '@/shared/ui/status-badge';

/**
 * The Activo/Inactivo badge as a button: a click flips this connector's own `enabled` (an update
 * of the connector with that field alone), then the DSP's connectors are read again. While it
 * runs the badge says so and takes no second click, keeping focus; a refusal is told with the server's message.
 */
export function ConnectorToggle({ connector }: { connector: Connector }) {
  const queryClient = useQueryClient();
  const toggle = useSaveMutation({
    // The version of the badge as shown: flipping a connector someone else changed meanwhile is refused.
    mutationFn: () => updateConnector(connector.id, { enabled: !connector.enabled }, connector.version),
    detailKey: (saved) => connectorQueries.detail(saved.id).queryKey,
    invalidate: [connectorQueries.lists()],
    successMessage: (saved) => (saved.enabled ? `Conector ${saved.key} activado.` : `Conector ${saved.key} desactivado.`),
    // The badge follows at once; the refetch after it brings whatever else changed.
    onSaved: (saved) =>
      queryClient.setQueryData(connectorQueries.list(saved.dsp_id).queryKey, (list) =>
        list ? { ...list, data: list.data.map((item) => (item.id === saved.id ? { ...item, ...saved } : item)) } : list,
      ),
    errorFallback: CONNECTOR_FALLBACKS.save,
  });
  const busy = toggle.isPending;
  const label = activeLabel(connector.enabled);
  return (
    <UnstyledButton
      onClick={() => toggle.mutate()}
      {...offButKeepsFocus(busy)}
      aria-busy={busy}
      aria-label={`${label}: ${connector.enabled ? 'desactivar' : 'activar'} el conector ${connector.key}`}
      style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Badge
        color={BADGE_TONES[activeTone(connector.enabled)]}
        variant="filled"
        autoContrast
        radius="sm"
        style={{ cursor: busy ? 'progress' : 'pointer', overflow: 'visible' }}
      >
        {busy ? 'Cambiando…' : label}
      </Badge>
    </UnstyledButton>
  );
}
