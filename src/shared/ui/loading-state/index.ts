export { LoadingState, type LoadingStateProps } from './loading-state';
