import { Textarea, type TextareaProps } from '@mantine/core';
import type { FocusEvent } from 'react';

export interface JsonFieldProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value?: string;
  /** The form's handler: takes the new text (as Mantine's form `getInputProps` gives it). */
  onChange: (value: string) => void;
}

const pretty = (text: string): string | null => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
};

/**
 * A JSON text box that tidies valid JSON on blur. Its error is only the form's, so the message
 * follows the value (a template set from a button clears it) and red always comes with words.
 */
export function JsonField({ value = '', onChange, onBlur, ...props }: JsonFieldProps) {
  const blur = (event: FocusEvent<HTMLTextAreaElement>) => {
    const tidy = value.trim() === '' ? null : pretty(value);
    if (tidy !== null && tidy !== value) onChange(tidy);
    onBlur?.(event);
  };
  return (
    <Textarea
      autoComplete="off"
      spellCheck={false}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={blur}
    />
  );
}
