export { Drawer, Modal } from './modal';
