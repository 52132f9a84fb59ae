import type { Campaign } from '@/entities/campaign';
import { EmptyState } from '@/shared/ui/empty-state';

/** The campaign's categories: cards, the category modal and delete. */
export function CategoriesTab(_props: { campaign: Campaign }) {
  return <EmptyState title="No hay categorías" text="Las categorías de la campaña llegarán en una próxima versión." />;
}
