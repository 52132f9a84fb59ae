import { Badge, Loader } from '@mantine/core';
import { API_CLIENT_FALLBACKS, apiClientQueries, updateApiClient, type ApiClient } from '@/entities/api-client';
import { offButKeepsFocus } from '@/shared/lib';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { BADGE_TONES, activeLabel, activeTone } from '@/shared/ui/status-badge';

/**
 * The client's Activo/Inactivo badge as a button: a click sends an update of that client with
 * `enabled` flipped and nothing else, then the list reloads. Off while the change is under way, and still focused.
 */
export function ToggleApiClient({ client }: { client: ApiClient }) {
  const toggle = useSaveMutation({
    // The version of the badge as shown: flipping a client someone else changed meanwhile is refused.
    mutationFn: () => updateApiClient(client.id, { enabled: !client.enabled }, client.version),
    invalidate: [apiClientQueries.lists()],
    successMessage: (saved) => (saved.enabled ? `${saved.name} activado.` : `${saved.name} desactivado.`),
    errorFallback: API_CLIENT_FALLBACKS.save,
  });
  const busy = toggle.isPending;
  const status = activeLabel(client.enabled);

  return (
    <Badge
      component="button"
      type="button"
      onClick={() => toggle.mutate()}
      {...offButKeepsFocus(busy)}
      aria-busy={busy}
      aria-label={`${status}: ${client.enabled ? 'desactivar' : 'activar'} ${client.name}`}
      color={BADGE_TONES[activeTone(client.enabled)]}
      variant="filled"
      autoContrast
      radius="sm"
      rightSection={busy ? <Loader size={10} color="white" /> : null}
      style={{ flexShrink: 0, overflow: 'visible', cursor: busy ? 'progress' : 'pointer' }}
    >
      {status}
    </Badge>
  );
}
