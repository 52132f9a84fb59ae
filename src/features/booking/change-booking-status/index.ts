export { ChangeBookingStatusButton, type ChangeBookingStatusButtonProps } from './ui/change-booking-status-button';
export { ChangeBookingStatusDialog, type ChangeBookingStatusDialogProps } from './ui/change-booking-status-dialog';
