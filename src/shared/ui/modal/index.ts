export { Drawer, Modal, focusUnderTopDialog, keepFocusOnThePage } from './modal';
