import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PublicCardProps {
  title: string;
  description?: string;
  /** Wider for content with several columns, such as the recovery steps. */
  width?: number;
  children: ReactNode;
}

/** The centred card of the pages seen before signing in: product name, page title, content. */
export function PublicCard({ title, description, width = 440, children }: PublicCardProps) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--panel-page-background)">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={width}>
        <Stack gap="lg">
          <Box ta="center">
            <Text fw={700} c="var(--panel-accent-text)" size="sm" tt="uppercase" lts={1}>
              Panel de Control
            </Text>
            <Title order={1} size="h2" mt={4}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed" mt={4}>
                {description}
              </Text>
            ) : null}
          </Box>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
