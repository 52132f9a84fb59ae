export { DeleteButton, EditButton, RecordActions, type RecordActionsProps } from './record-actions';
