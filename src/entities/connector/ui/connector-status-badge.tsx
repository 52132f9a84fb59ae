import { ActiveBadge } from '@/shared/ui/status-badge';

/** Activo or Inactivo, as every enabled badge shows it. */
export function ConnectorStatusBadge({ enabled }: { enabled: boolean }) {
  return <ActiveBadge active={enabled} />;
}
