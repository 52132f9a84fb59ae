import { Button, Group, Text } from '@mantine/core';

export interface ResendCodeProps {
  /** Seconds until another code may be asked for; 0 once it may. */
  secondsLeft: number;
  resending: boolean;
  /** Off while the typed code is being checked. */
  disabled: boolean;
  onResend: () => void;
}

/** '¿No llegó el código?' and 'Reenviar código', held back by the countdown after each code sent. */
export function ResendCode({ secondsLeft, resending, disabled, onResend }: ResendCodeProps) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {secondsLeft > 0 ? `Podrás pedir otro código en ${secondsLeft} s.` : '¿No llegó el código?'}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={onResend} disabled={secondsLeft > 0 || resending || disabled}>
        {resending ? 'Reenviando...' : 'Reenviar código'}
      </Button>
    </Group>
  );
}
