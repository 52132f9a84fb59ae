export { SkeletonGrid, type SkeletonGridProps } from './skeleton-grid';
