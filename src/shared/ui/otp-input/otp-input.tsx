import { Input, PinInput, Stack } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { OTP_LENGTH } from '@/shared/config';

export interface OtpInputProps {
  /** The digits typed so far. */
  value: string;
  onChange: (value: string) => void;
  /** Names the group of boxes for screen readers and sighted users. */
  label: ReactNode;
  /** Number of boxes. */
  length?: number;
  /** Shown under the boxes; marks every box invalid. */
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * One box per digit: typing moves to the next box, Backspace to the previous one, and pasting a
 * whole code fills every box. The browser may offer the code received by SMS or e-mail.
 */
export function OtpInput({ value, onChange, label, length = OTP_LENGTH, error, disabled, autoFocus }: OtpInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  // Mantine's PinInput, when controlled, joins the digits into one string and so shifts them left
  // when a middle box is cleared. It stays uncontrolled here and is remounted only when the parent
  // sets a value it did not type (e.g. clears the code).
  const [typed, setTyped] = useState(value);
  const [generation, setGeneration] = useState(0);
  if (value !== typed) {
    setTyped(value);
    setGeneration((current) => current + 1);
  }

  const handleChange = (next: string) => {
    setTyped(next);
    onChange(next);
  };

  return (
    <Stack gap={6}>
      <Input.Label id={labelId} labelElement="div">
        {label}
      </Input.Label>
      <PinInput
        key={generation}
        aria-labelledby={labelId}
        // Mantine's inputs overwrite their own aria-describedby, so the group carries the error.
        aria-describedby={error ? errorId : undefined}
        length={length}
        type="number"
        oneTimeCode
        defaultValue={value}
        onChange={handleChange}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        size="md"
        getInputProps={(index) => ({ 'aria-label': `Dígito ${index + 1} del código` })}
      />
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </Stack>
  );
}
