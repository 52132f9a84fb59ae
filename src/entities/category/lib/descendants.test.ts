import { describe, expect, it } from 'vitest';
import { categoryWithDescendants } from './descendants';

describe('categoryWithDescendants', () => {
  it('holds the category, its children and their children, and nothing else', () => {
    const tree = [
      { id: 1, parent_id: null },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: null },
      { id: 5, parent_id: 4 },
    ];
    expect([...categoryWithDescendants(tree, 1)].sort()).toEqual([1, 2, 3]);
    expect([...categoryWithDescendants(tree, 3)]).toEqual([3]);
  });
});
