import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { RecoverPasswordWizard } from '@/features/recover-password';

export function RecoverPage() {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={480}>
        <Stack gap="lg">
          <Box ta="center">
            <Text fw={700} c="indigo.8" size="sm" tt="uppercase" lts={1}>
              Panel de Control
            </Text>
            <Title order={1} size="h2" mt={4}>
              Recuperar contraseña
            </Title>
          </Box>
          <RecoverPasswordWizard />
        </Stack>
      </Paper>
    </Center>
  );
}
