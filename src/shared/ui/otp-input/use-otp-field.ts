import { useState } from 'react';
import { OTP_LENGTH } from '@/shared/config';

const CODE_LENGTH_MESSAGE = 'El código debe tener 6 dígitos.';
const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The code typed into an OtpInput and the boxes' error: typing clears the error. */
export function useOtpField({ onComplete }: { onComplete?: (code: string) => void } = {}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** True when every digit is typed; otherwise the boxes say what is missing. */
  const check = () => {
    const complete = CODE_PATTERN.test(code);
    setError(complete ? null : CODE_LENGTH_MESSAGE);
    return complete;
  };

  const inputProps = {
    value: code,
    error,
    onChange: (next: string) => {
      setCode(next);
      setError(null);
      // The last digit typed, or a whole code pasted: sent without waiting for Enter.
      if (next !== code && CODE_PATTERN.test(next)) onComplete?.(next);
    },
  };

  return { code, setCode, setError, check, inputProps };
}
