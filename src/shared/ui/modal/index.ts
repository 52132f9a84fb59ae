export { Drawer, Modal, focusUnderTopDialog, keepFocusOnThePage } from './modal';
export { isDialogOpen } from './layers';
