import { Avatar, type AvatarProps } from '@mantine/core';

export interface PersonAvatarProps extends Pick<AvatarProps, 'size'> {
  name: string;
}

/**
 * A person's initials on a colour taken from their name. Filled, with the text colour chosen for
 * contrast: Mantine's light variant puts some of those colours (green, lime, yellow…) on their
 * own tint below the 4.5:1 that text needs. Decorative: the name is always written beside it.
 */
export function PersonAvatar({ name, size = 'md' }: PersonAvatarProps) {
  return <Avatar name={name} color="initials" variant="filled" autoContrast radius="xl" size={size} aria-hidden="true" />;
}
