import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { VerifyOtpForm } from '@/features/verify-otp';

const route = getRouteApi('/otp');

export function OtpPage() {
  const { email } = route.useSearch();
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Box ta="center">
            <Text fw={700} c="indigo.8" size="sm" tt="uppercase" lts={1}>
              Panel de Control
            </Text>
            <Title order={1} size="h2" mt={4}>
              Verifica tu identidad
            </Title>
          </Box>
          <VerifyOtpForm email={email} />
        </Stack>
      </Paper>
    </Center>
  );
}
