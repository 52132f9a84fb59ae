export { useSignOut } from './model/use-sign-out';
export { SignOutMenuItem } from './ui/sign-out-menu-item';
