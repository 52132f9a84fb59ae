import { Badge } from '@mantine/core';
import type { Category } from '../api/category.api';

/** 'Padre' for a root category, 'Subcategoría' for one that hangs from another. */
export function CategoryKindBadge({ category }: { category: Pick<Category, 'parent_id'> }) {
  return category.parent_id === null ? (
    <Badge variant="light" color="blue">
      Padre
    </Badge>
  ) : (
    <Badge variant="light" color="grape">
      Subcategoría
    </Badge>
  );
}
