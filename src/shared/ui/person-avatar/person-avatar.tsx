import { Avatar, type AvatarProps } from '@mantine/core';

export interface PersonAvatarProps extends Pick<AvatarProps, 'size'> {
  name: string;
}

/**
 * The colours whose filled shade (8, the theme's) keeps white initials above the 4.5:1 text needs.
 * Mantine's own `color="initials"` also draws green, lime, yellow, cyan or teal, under it.
 */
const COLORS = ['indigo', 'violet', 'grape', 'pink', 'blue', 'red'] as const;

/** The same person always gets the same colour. */
const colorOf = (name: string) => COLORS[[...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 0) % COLORS.length];

/** A person's initials on a colour taken from their name. Decorative: the name is always written beside it. */
export function PersonAvatar({ name, size = 'md' }: PersonAvatarProps) {
  return <Avatar name={name} color={colorOf(name)} variant="filled" radius="xl" size={size} aria-hidden="true" />;
}
