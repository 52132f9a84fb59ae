export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorAlert, type ErrorAlertProps } from './error-alert';
export {
  IconAlert,
  IconArrowLeft,
  IconBuilding,
  IconCalendar,
  IconCategory,
  IconChevronLeft,
  IconChevronRight,
  IconEdit,
  IconEye,
  IconInbox,
  IconLogout,
  IconMenu,
  IconPlug,
  IconPlus,
  IconSearch,
  IconStar,
  IconTrash,
  IconUsers,
  type IconProps,
} from './icons';
export { IMAGE_SIZE_ERROR, IMAGE_TYPE_ERROR, ImageInput, type ImageInputProps } from './image-input';
export { LoadingState, type LoadingStateProps } from './loading-state';
export { OtpInput, type OtpInputProps } from './otp-input';
export { PageHeader, type PageHeaderProps } from './page-header';
export { PublicCard } from './public-card';
export { Pager, type PagerProps } from './pager';
export { SearchInput, type SearchInputProps } from './search-input';
