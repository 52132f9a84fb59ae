import type { Campaign } from '@/entities/campaign';
import { EmptyState } from '@/shared/ui/empty-state';

/** The services of the plan chosen in the URL (`?tab=servicios&plan=7`): cards, the service modal and delete. */
export function ServicesTab(_props: { campaign: Campaign }) {
  return <EmptyState title="No hay servicios" text="Los servicios de los planes llegarán en una próxima versión." />;
}
