export { DeleteButton, EditButton } from './record-actions';
