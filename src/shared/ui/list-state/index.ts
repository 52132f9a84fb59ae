export { ListState, type ListQuery, type ListStateProps } from './list-state';
export { ListTotal, type ListTotalProps } from './list-total';
