import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { SignInForm } from '@/features/sign-in';

export function LoginPage() {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Box ta="center">
            <Text fw={700} c="indigo.8" size="sm" tt="uppercase" lts={1}>
              Panel de Control
            </Text>
            <Title order={1} size="h2" mt={4}>
              Bienvenido
            </Title>
            <Text size="sm" c="gray.7" mt={4}>
              Inicia sesión con tu correo y contraseña.
            </Text>
          </Box>
          <SignInForm />
        </Stack>
      </Paper>
    </Center>
  );
}
