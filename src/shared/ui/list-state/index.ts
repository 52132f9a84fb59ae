export { ListState, type ListQuery, type ListStateProps } from './list-state';
