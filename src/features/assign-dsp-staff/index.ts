export { AssignDspStaff } from './ui/assign-dsp-staff';
export { RemoveDspStaffDialog, type RemoveDspStaffDialogProps } from './ui/remove-dsp-staff-dialog';
