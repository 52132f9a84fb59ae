import { PersonAvatar } from '@/shared/ui/person-avatar';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ColorSchemeMenuItems } from '@/features/choose-color-scheme';
import { SignOutMenuItem } from '@/features/sign-out';

interface UserMenuProps {
  name: string;
  email: string | undefined;
}

/** The top bar's avatar: the person's own account, the theme, and signing out. */
export function UserMenu({ name, email }: UserMenuProps) {
  // The avatar sits in the fixed top bar and never scrolls away, so the dropdown need not hide
  // when its target looks detached (jsdom, which has no layout, always says it is).
  return (
    <Menu position="bottom-end" width={220} withinPortal hideDetached={false}>
      <Menu.Target>
        <UnstyledButton aria-label="Menú de usuario">
          <Group gap="xs" wrap="nowrap">
            <PersonAvatar name={name} />
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {email ? <Menu.Label>{email}</Menu.Label> : null}
        {/*
          An avatar without a name draws Mantine's person silhouette, the account's icon; drawn at
          22 px within the 16 px of the sign-out icon, so both labels line up.
        */}
        <Menu.Item
          component={Link}
          to="/mi-cuenta"
          leftSection={<Avatar size={22} m={-3} radius="xl" variant="transparent" color="dark" aria-hidden="true" />}
        >
          Mi cuenta
        </Menu.Item>
        <ColorSchemeMenuItems />
        <Menu.Divider />
        <SignOutMenuItem />
      </Menu.Dropdown>
    </Menu>
  );
}
