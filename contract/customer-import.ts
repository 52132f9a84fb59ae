import { z } from 'zod';
import { booleanish } from './common';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from './customer-import.constants';

export {
  IMPORT_COLUMN_LABELS,
  IMPORT_COLUMN_OF_FIELD,
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_PLAN_SEPARATOR,
  IMPORT_REQUIRED_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  guessColumn,
  guessMapping,
  detectSeparator,
  rowErrorText,
  type ImportColumn,
  type ImportRowError,
} from './customer-import.constants';

/** Which header of the file feeds which column; '' (or a header left out) is not imported. */
const mappingObject = z.record(
  z.string().max(200, IMPORT_MESSAGES.mapping),
  z.enum([...IMPORT_COLUMNS, ''], { error: IMPORT_MESSAGES.mappingColumn }),
  { error: IMPORT_MESSAGES.mapping },
);

/** `mapping` as JSON text in the form (or an object in JSON); absent means guessed from the headers' names. */
export const importMapping = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, mappingObject);
export type ImportMapping = z.output<typeof importMapping>;

/** The text fields beside `file`; `dry_run` also in the query string. */
export const customerImportFields = z.object({
  mapping: importMapping.optional(),
  dry_run: booleanish.optional(),
});

export const customerImportQuery = z.object({ dry_run: booleanish.optional() });

export const importRowError = z.object({
  /** The file's line: the headers are line 1. */
  line: z.number().int(),
  /** One of the import's columns ('email', 'planes'), or 'archivo'. */
  column: z.string(),
  message: z.string(),
});

/** What an import (or its dry run) answers: a 422 carries the same in its `data`, with nothing written. */
export const customerImportResult = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowError),
});
export type CustomerImportResult = z.infer<typeof customerImportResult>;
