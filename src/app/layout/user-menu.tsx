import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { SignOutMenuItem } from '@/features/sign-out';

interface UserMenuProps {
  name: string;
  email: string | undefined;
}

/** The top bar's avatar; its one action is signing out. */
export function UserMenu({ name, email }: UserMenuProps) {
  // The avatar sits in the fixed top bar and never scrolls away, so the dropdown need not hide
  // when its target looks detached (jsdom, which has no layout, always says it is).
  return (
    <Menu position="bottom-end" width={220} withinPortal hideDetached={false}>
      <Menu.Target>
        <UnstyledButton aria-label="Menú de usuario">
          <Group gap="xs" wrap="nowrap">
            <Avatar name={name} color="initials" radius="xl" size="md" />
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {email ? <Menu.Label>{email}</Menu.Label> : null}
        <SignOutMenuItem />
      </Menu.Dropdown>
    </Menu>
  );
}
