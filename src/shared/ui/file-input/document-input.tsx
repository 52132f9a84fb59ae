import { Anchor, Input, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { MAX_UPLOAD_MB } from '@/shared/config';
import { FileChoiceButtons, useFileChoice } from './file-choice';

export const DOCUMENT_TYPES = ['application/pdf'];
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
  const { choose, clear, refusal } = useFileChoice({ types: DOCUMENT_TYPES, typeError: DOCUMENT_TYPE_ERROR, sizeError: DOCUMENT_SIZE_ERROR }, onChange);

  const message = refusal ?? error ?? null;
  return (
    <Input.Wrapper id={id} label={label} description={`PDF hasta ${MAX_UPLOAD_MB}MB`} error={message} labelElement="div">
      <Stack gap={4} mt={6}>
        <FileChoiceButtons
          label={label}
          types={DOCUMENT_TYPES}
          text={value || currentUrl ? 'Cambiar PDF' : 'Subir PDF'}
          chosen={value !== null}
          onChoose={choose}
          onClear={clear}
          disabled={disabled}
          errorId={message ? `${id}-error` : undefined}
        />
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
