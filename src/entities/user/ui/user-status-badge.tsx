import { ActiveBadge } from '@/shared/ui/status-badge';

/** Activo or Inactivo (the badge writes it in capitals), as every enabled badge shows it. */
export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return <ActiveBadge active={isActive} />;
}
