export { CloseOtherSessionsButton, type CloseOtherSessionsButtonProps } from './ui/close-other-sessions-button';
export { CloseSessionButton, type CloseSessionButtonProps } from './ui/close-session-button';
