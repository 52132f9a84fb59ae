import { Box, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { MAX_UPLOAD_MB } from '@/shared/config';
import { IconCategory } from '../icons';
import { FileChoiceButtons, useFileChoice } from './file-choice';

/** What the API accepts as an image (it checks the bytes; this is the browser's first filter). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
export const IMAGE_TYPE_ERROR = 'El archivo debe ser una imagen PNG, JPG o GIF.';
export const IMAGE_SIZE_ERROR = `El archivo supera el máximo de ${MAX_UPLOAD_MB} MB.`;

export interface ImageInputProps {
  label: string;
  /** The new file chosen, if any. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** The image already stored (its URL), shown until a new file is chosen. */
  currentUrl?: string | null;
  /** A server error to show under the field. */
  error?: string | null;
  disabled?: boolean;
  /** Preview width and height in pixels. @default 96 */
  previewSize?: number;
}

/**
 * An image upload with preview: 'Subir archivo' (or 'Cambiar archivo' when there is an image),
 * the hint 'PNG, JPG, GIF hasta 10MB', and the type and size checked before anything is sent.
 */
export function ImageInput({ label, value, onChange, currentUrl, error, disabled, previewSize = 96 }: ImageInputProps) {
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  // A preview of the chosen file, released when it changes or the field goes away.
  useEffect(() => {
    if (!value || typeof URL.createObjectURL !== 'function') {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const { choose, clear, refusal } = useFileChoice({ types: IMAGE_TYPES, typeError: IMAGE_TYPE_ERROR, sizeError: IMAGE_SIZE_ERROR }, onChange);

  const shown = previewUrl ?? (value ? null : currentUrl) ?? null;
  const hasImage = Boolean(value || currentUrl);
  const message = refusal ?? error ?? null;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description="PNG, JPG, GIF hasta 10MB"
      error={message}
      labelElement="div"
    >
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <Box
          w={previewSize}
          h={previewSize}
          bg="var(--panel-placeholder-background)"
          style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px dashed var(--mantine-color-gray-4)', flexShrink: 0 }}
        >
          {shown ? (
            <Image src={shown} alt={`Vista previa: ${label}`} w={previewSize} h={previewSize} fit="contain" radius="md" />
          ) : (
            <Stack h="100%" align="center" justify="center" c="dimmed" gap={0} aria-hidden="true">
              <IconCategory size={24} />
            </Stack>
          )}
        </Box>
        <Stack gap={4} miw={0}>
          <FileChoiceButtons
            label={label}
            types={IMAGE_TYPES}
            text={hasImage ? 'Cambiar archivo' : 'Subir archivo'}
            chosen={value !== null}
            onChoose={choose}
            onClear={clear}
            disabled={disabled}
            errorId={message ? `${id}-error` : undefined}
          />
          {value ? (
            <Text size="xs" c="dimmed" truncate="end">
              {value.name}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}

/** The part of a @mantine/form form that a file field uses. */
interface FormWithFile<Field extends string> {
  values: Record<Field, File | null>;
  errors: Partial<Record<string, unknown>>;
  setFieldValue: (path: Field, value: File | null) => void;
  clearFieldError: (path: Field) => void;
}

/**
 * Wires an ImageInput or a DocumentInput to a form field: the chosen file, a new choice clearing the field's error,
 * and the server's refusal (413/415) shown under it.
 */
export function formFileProps<Field extends string>(form: FormWithFile<Field>, field: Field): Pick<ImageInputProps, 'value' | 'onChange' | 'error'> {
  const error = form.errors[field];
  return {
    value: form.values[field],
    onChange: (file) => {
      form.setFieldValue(field, file);
      form.clearFieldError(field);
    },
    error: typeof error === 'string' ? error : null,
  };
}
