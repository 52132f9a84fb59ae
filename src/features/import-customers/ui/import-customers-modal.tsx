import { Alert, Button, FileInput, Group, Progress, ScrollArea, Stack, Stepper, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_COLUMN_LABELS,
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  MAX_IMPORT_ROWS,
  guessMapping,
  rowErrorText,
  type ImportColumn,
} from '@contract/customer-import.constants';
import { useState } from 'react';
import { customerQueries } from '@/entities/customer';
import { errorMessage } from '@/shared/api';
import { Modal } from '@/shared/ui/modal';
import { Select } from '@/shared/ui/select';
import { IMPORT_FALLBACK, importCustomers, type CustomerImportResult } from '../api/import-customers';
import { previewCsv, rejectedRowsCsv, type CsvPreview } from '../model/csv-file';

export interface ImportCustomersModalProps {
  opened: boolean;
  onClose: () => void;
  dspId: number;
  dspName?: string | undefined;
}

type Mapping = Record<string, ImportColumn | ''>;

const COLUMN_OPTIONS = [{ value: '', label: 'No importar' }, ...IMPORT_COLUMNS.map((column) => ({ value: column, label: IMPORT_COLUMN_LABELS[column] }))];
const count = (value: number) => value.toLocaleString('es-CO');

/** The columns a mapping leaves without a header, in the order staff read them. */
const missingColumns = (mapping: Mapping) => IMPORT_REQUIRED_COLUMNS.filter((column) => !Object.values(mapping).includes(column));

/** A mapping that keeps what staff chose for the headers a corrected file still has. */
const mappingFor = (headers: readonly string[], previous: Mapping | null): Mapping => {
  const guessed = guessMapping(headers);
  if (!previous) return guessed;
  return Object.fromEntries(headers.map((header) => [header, Object.hasOwn(previous, header) ? previous[header]! : guessed[header]!]));
};

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 'Importar clientes': a wizard of four steps. The file (its first rows shown), its columns
 * (guessed from the headers, each one changeable), its validation on the server (every refused
 * cell with its row and column, and the refused rows as a CSV to correct), then the import itself,
 * all or nothing, and how many were created and updated.
 */
export function ImportCustomersModal({ opened, onClose, dspId, dspName }: ImportCustomersModalProps) {
  const queryClient = useQueryClient();
  // On a phone the steps keep their numbers and names only, on one line.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [checked, setChecked] = useState<CustomerImportResult | null>(null);

  const validation = useMutation({
    mutationFn: () => importCustomers(dspId, file!, mapping!, true),
    onSuccess: (result) => {
      setChecked(result);
      setStep(2);
    },
  });
  const saving = useMutation({
    mutationFn: () => importCustomers(dspId, file!, mapping!, false),
    onSuccess: () => {
      setStep(3);
      void queryClient.invalidateQueries({ queryKey: customerQueries.lists() });
    },
  });

  const reset = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setFileError(null);
    setChecked(null);
    validation.reset();
    saving.reset();
  };
  const close = () => {
    if (saving.isPending) return;
    reset();
    setMapping(null);
    onClose();
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    validation.reset();
    saving.reset();
    if (!chosen) {
      setPreview(null);
      setFileError(null);
      return;
    }
    const read = await previewCsv(chosen);
    if ('error' in read) {
      setPreview(null);
      setFileError(read.error);
      return;
    }
    setFileError(null);
    setPreview(read);
    setMapping((previous) => mappingFor(read.headers, previous));
  };

  const missing = mapping ? missingColumns(mapping) : [];
  // A phone names only the step it is on; the others keep their numbers.
  const stepLabel = (index: number, label: string) => (narrow && index !== step ? undefined : label);
  const result = saving.data;

  return (
    <Modal opened={opened} onClose={close} title={dspName ? `Importar clientes · ${dspName}` : 'Importar clientes'} size="xl" fullScreen={narrow} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stepper active={step} onStepClick={(next) => next < step && !saving.isPending && step < 3 && setStep(next)} size="sm" allowNextStepsSelect={false} iconSize={narrow ? 28 : undefined} wrap={!narrow}>
        <Stepper.Step label={stepLabel(0, 'Archivo')} description={narrow ? undefined : 'CSV de clientes'}>
          <Stack gap="md" mt="md">
            <Text size="sm" c="dimmed">
              Un CSV como lo guarda Excel (separado por comas o punto y coma, UTF-8 o Windows-1252), de hasta {count(MAX_IMPORT_ROWS)} filas y 20 MB. La
              primera fila nombra las columnas: DNI, nombre, email, teléfono, ciudad, dirección, planes (varios separados por «|») y contraseña (opcional).
              Un DNI que ya existe en la DSP actualiza ese cliente.
            </Text>
            <FileInput
              label="Archivo CSV"
              placeholder="Elige el archivo"
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => void choose(chosen)}
              error={fileError}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
              data-autofocus
            />
            {preview ? <PreviewTable preview={preview} /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button onClick={() => setStep(1)} disabled={!preview}>
                Siguiente
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={stepLabel(1, 'Columnas')} description={narrow ? undefined : 'Qué es cada una'}>
          <Stack gap="md" mt="md">
            {preview && mapping ? (
              <>
                <Text size="sm" c="dimmed">
                  Elige a qué dato corresponde cada columna del archivo. DNI, nombre, email y planes son obligatorias.
                </Text>
                <Table withTableBorder verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Columna del archivo</Table.Th>
                      {narrow ? null : <Table.Th>Ejemplo</Table.Th>}
                      <Table.Th>Se importa como</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.headers.map((header, index) => (
                      <Table.Tr key={`${header}-${index}`}>
                        <Table.Td>{header || `(columna ${index + 1})`}</Table.Td>
                        {narrow ? null : (
                          <Table.Td>
                            <Text size="sm" c="dimmed" truncate maw={180}>
                              {preview.rows[0]?.[index] ?? ''}
                            </Text>
                          </Table.Td>
                        )}
                        <Table.Td>
                          <Select
                            aria-label={`Columna ${header}`}
                            data={COLUMN_OPTIONS}
                            value={mapping[header] ?? ''}
                            onChange={(value) => setMapping({ ...mapping, [header]: (value ?? '') as ImportColumn | '' })}
                            allowDeselect={false}
                            miw={140}
                            size="xs"
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {missing.length > 0 ? (
                  <Alert color="yellow" title="Faltan columnas">
                    Asigna una columna del archivo a: {missing.map((column) => IMPORT_COLUMN_LABELS[column]).join(', ')}.
                  </Alert>
                ) : null}
              </>
            ) : null}
            {validation.error ? (
              <Alert color="red" title="No se pudo validar">
                {errorMessage(validation.error, IMPORT_FALLBACK)}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                Atrás
              </Button>
              <Button onClick={() => validation.mutate()} disabled={validation.isPending || missing.length > 0 || !file} aria-busy={validation.isPending || undefined}>
                {validation.isPending ? 'Validando…' : 'Validar'}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={stepLabel(2, 'Validación')} description={narrow ? undefined : 'Errores por fila'}>
          <Stack gap="md" mt="md">
            {checked ? (
              <CheckedFile
                checked={checked}
                onDownload={() => void rejectedRowsCsv(file!, checked.errors).then((blob) => download(blob, `rechazados-${file!.name}`))}
              />
            ) : null}
            {saving.isPending ? (
              <Stack gap={4} aria-live="polite">
                <Text size="sm">Importando {count(checked?.valid ?? 0)} filas… no cierres esta ventana.</Text>
                <Progress value={100} animated striped aria-label="Importando clientes" />
              </Stack>
            ) : null}
            {saving.error ? (
              <Alert color="red" title="No se importó ningún cliente">
                {errorMessage(saving.error, IMPORT_FALLBACK)}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button variant="default" onClick={reset} disabled={saving.isPending}>
                {checked && checked.invalid > 0 ? 'Subir archivo corregido' : 'Elegir otro archivo'}
              </Button>
              <Button onClick={() => saving.mutate()} disabled={saving.isPending || !checked || checked.invalid > 0} aria-busy={saving.isPending || undefined}>
                {saving.isPending ? 'Importando…' : 'Importar'}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Completed>
          <Stack gap="md" mt="md">
            {result ? (
              <Alert color="green" title="Importación terminada">
                {count(result.created)} creados, {count(result.updated)} actualizados.
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={close}>Ver los clientes</Button>
            </Group>
          </Stack>
        </Stepper.Completed>
      </Stepper>
    </Modal>
  );
}

function PreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Primeras filas
      </Text>
      <ScrollArea type="auto">
        <Table withTableBorder striped fz="xs" miw={600}>
          <Table.Thead>
            <Table.Tr>
              {preview.headers.map((header, index) => (
                <Table.Th key={`${header}-${index}`}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {preview.headers.map((header, index) => (
                  <Table.Td key={`${header}-${index}`}>{row[index] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

function CheckedFile({ checked, onDownload }: { checked: CustomerImportResult; onDownload: () => void }) {
  if (checked.invalid === 0) {
    return (
      <Alert color="green" title="Todas las filas son válidas">
        {count(checked.rows)} filas: se crearán {count(checked.created)} clientes y se actualizarán {count(checked.updated)}. Nada se guarda hasta que
        pulses Importar.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Alert color="red" title={`${count(checked.invalid)} de ${count(checked.rows)} filas tienen errores`}>
        Corrige el archivo y súbelo de nuevo: no se importa ninguna fila mientras alguna tenga errores.
      </Alert>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Errores ({count(checked.errors.length)})
        </Text>
        <Button size="xs" variant="light" onClick={onDownload}>
          Descargar filas rechazadas (CSV)
        </Button>
      </Group>
      <ScrollArea.Autosize mah={280} type="auto">
        <ul aria-label="Errores por fila" style={{ margin: 0, paddingInlineStart: 20 }}>
          {checked.errors.map((error) => (
            <li key={`${error.line}-${error.column}`}>
              <Text size="sm">{rowErrorText(error)}</Text>
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
    </Stack>
  );
}
