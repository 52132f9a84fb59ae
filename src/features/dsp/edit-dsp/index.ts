export { DspFormModal, type DspFormModalProps } from './ui/dsp-form-modal';
