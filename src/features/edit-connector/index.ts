import { lazyModal } from '@/shared/ui/lazy-modal';

export type { ConnectorFormModalProps } from './ui/connector-form-modal';

/** Its code loads when it first opens. */
export const ConnectorFormModal = lazyModal(() => import('./ui/connector-form-modal').then((module) => module.ConnectorFormModal));
