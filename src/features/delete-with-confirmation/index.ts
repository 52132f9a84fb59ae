export { DeleteWithConfirmation, type DeleteWithConfirmationProps } from './ui/delete-with-confirmation';
