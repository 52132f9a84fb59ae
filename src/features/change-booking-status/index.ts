import { lazyModal } from '@/shared/ui/lazy-modal';

export { ChangeBookingStatusButton, type ChangeBookingStatusButtonProps } from './ui/change-booking-status-button';
export type { ChangeBookingStatusDialogProps } from './ui/change-booking-status-dialog';

/** Open while it has a booking; its code is its own chunk, fetched after the screen. */
export const ChangeBookingStatusDialog = lazyModal(() => import('./ui/change-booking-status-dialog').then((module) => module.ChangeBookingStatusDialog));
