import { CategoryKindBadge as KindBadge } from '@/shared/ui/status-badge';
import type { Category } from '../api/category.api';

/** 'Padre' for a root category, 'Subcategoría' for one that hangs from another. */
export function CategoryKindBadge({ category }: { category: Pick<Category, 'parent_id'> }) {
  return <KindBadge sub={category.parent_id !== null} />;
}
