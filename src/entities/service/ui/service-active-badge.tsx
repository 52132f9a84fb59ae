import { ActiveBadge } from '@/shared/ui/status-badge';

/** Activo or Inactivo, as every enabled badge shows it. */
export function ServiceActiveBadge({ active }: { active: boolean }) {
  return <ActiveBadge active={active} />;
}
