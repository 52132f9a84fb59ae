import type { Category } from '../api/category.api';

type TreeNode = Pick<Category, 'id' | 'parent_id'>;

/**
 * The category and every category below it, at any depth. A category cannot hang from any of
 * these: it would become its own ancestor.
 */
export function categoryWithDescendants(categories: readonly TreeNode[], id: number): Set<number> {
  const childrenOf = new Map<number, number[]>();
  for (const category of categories) {
    if (category.parent_id === null) continue;
    const siblings = childrenOf.get(category.parent_id) ?? [];
    siblings.push(category.id);
    childrenOf.set(category.parent_id, siblings);
  }
  const found = new Set<number>([id]);
  const pending = [id];
  while (pending.length > 0) {
    for (const child of childrenOf.get(pending.pop()!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      pending.push(child);
    }
  }
  return found;
}
