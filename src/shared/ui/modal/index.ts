export { Drawer, Modal, focusUnderTopDialog } from './modal';
