import { Icon, type IconProps } from './icon';

/** A module of its own: the sign-in pages draw it (in an error), and no other icon. */
export const IconAlert = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4M12 16h.01" />
  </Icon>
);
