import { Button, FileButton, Group } from '@mantine/core';
import { useState } from 'react';
import { MAX_UPLOAD_MB } from '@/shared/config';

interface FileRules {
  /** The content types the API accepts (it checks the bytes; this is the browser's first filter). */
  types: readonly string[];
  typeError: string;
  sizeError: string;
}

/**
 * A file is taken only if its type and size pass; otherwise the field says why and keeps what it
 * had. `clear` drops the chosen file.
 */
export function useFileChoice({ types, typeError, sizeError }: FileRules, onChange: (file: File | null) => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = !types.includes(file.type) ? typeError : file.size > MAX_UPLOAD_MB * 1024 * 1024 ? sizeError : null;
    setRefusal(problem);
    if (!problem) onChange(file);
  };
  const clear = () => {
    setRefusal(null);
    onChange(null);
  };
  return { choose, clear, refusal };
}

interface FileChoiceButtonsProps {
  /** The field's label, the file picker's accessible name. */
  label: string;
  types: readonly string[];
  /** 'Subir archivo', or 'Cambiar archivo' once there is a file. */
  text: string;
  /** A new file is chosen: 'Quitar' drops it. */
  chosen: boolean;
  onChoose: (file: File | null) => void;
  onClear: () => void;
  disabled?: boolean;
  /** The id of the field's error, when it shows one. */
  errorId?: string;
}

/** The picker button and, once a file is chosen, 'Quitar'. */
export function FileChoiceButtons({ label, types, text, chosen, onChoose, onClear, disabled, errorId }: FileChoiceButtonsProps) {
  return (
    <Group gap="xs">
      <FileButton onChange={onChoose} accept={types.join(',')} disabled={disabled} inputProps={{ 'aria-label': label }}>
        {(props) => (
          <Button {...props} variant="default" size="sm" disabled={disabled} aria-describedby={errorId}>
            {text}
          </Button>
        )}
      </FileButton>
      {chosen ? (
        <Button variant="subtle" color="gray" size="sm" disabled={disabled} onClick={onClear}>
          Quitar
        </Button>
      ) : null}
    </Group>
  );
}
