import { Anchor, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { MAX_UPLOAD_MB } from '@/shared/config';

export const DOCUMENT_TYPE = 'application/pdf';
export const DOCUMENT_TYPE_ERROR = 'El documento debe ser un PDF.';
export const DOCUMENT_SIZE_ERROR = `El documento supera el máximo de ${MAX_UPLOAD_MB} MB.`;

export interface DocumentInputProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** The PDF already stored, linked until a new one is chosen. */
  currentUrl?: string | null;
  error?: string | null;
  disabled?: boolean;
}

/** A PDF upload: the chosen file's name, or a link to the current one; type and size checked first. */
export function DocumentInput({ label, value, onChange, currentUrl, error, disabled }: DocumentInputProps) {
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    if (file.type !== DOCUMENT_TYPE) {
      setLocalError(DOCUMENT_TYPE_ERROR);
      return;
    }
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) {
      setLocalError(DOCUMENT_SIZE_ERROR);
      return;
    }
    setLocalError(null);
    onChange(file);
  };

  const message = localError ?? error ?? null;
  return (
    <Input.Wrapper id={id} label={label} description={`PDF hasta ${MAX_UPLOAD_MB}MB`} error={message} labelElement="div">
      <Stack gap={4} mt={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept={DOCUMENT_TYPE} disabled={disabled} inputProps={{ 'aria-label': label }}>
            {(props) => (
              <Button {...props} variant="default" size="sm" disabled={disabled} aria-describedby={message ? `${id}-error` : undefined}>
                {value || currentUrl ? 'Cambiar PDF' : 'Subir PDF'}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="gray"
              size="sm"
              disabled={disabled}
              onClick={() => {
                setLocalError(null);
                onChange(null);
              }}
            >
              Quitar
            </Button>
          ) : null}
        </Group>
        {value ? (
          <Text size="sm" truncate="end">{`Archivo elegido: ${value.name}`}</Text>
        ) : currentUrl ? (
          <Anchor href={currentUrl} target="_blank" rel="noopener noreferrer" size="sm">
            Ver PDF actual
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Sin PDF
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
