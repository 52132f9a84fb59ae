export { RolePermissionsForm, type RolePermissionsFormProps } from './ui/role-permissions-form';
