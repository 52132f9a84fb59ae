export { lazyModal } from './lazy-modal';
