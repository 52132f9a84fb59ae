/**
 * Checking a customers import row by row, with the very schema of a customer's update (its rules
 * and messages: one definition), plus what only a file can get wrong: a DNI or e-mail twice in
 * it, a plan named that the DSP does not sell, a header mapped to no column.
 */
import {
  IMPORT_COLUMN_OF_FIELD,
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_PLAN_SEPARATOR,
  IMPORT_REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportMapping,
  type ImportRowError,
  guessMapping,
} from '@contract/customer-import';
import { CUSTOMER_MESSAGES, customerUpdateFields } from '@contract/customer';
import type { z } from 'zod';
import { foldedValue } from '../../db/sortable-text';
import { validationFailed } from '../../http/errors';
import type { FileRecord } from './import-file';

export type ImportInput = z.output<typeof customerUpdateFields>;

/** A row ready to write: a new customer (`existingId` null, DNI, name, e-mail and plans sure to be there) or a change to one. */
export interface ImportRow {
  line: number;
  existingId: number | null;
  input: ImportInput;
}

/** What the check needs from the database: the DSP's plans and its customers' folded DNIs and e-mails. */
export interface ImportContext {
  plans: readonly { id: number; name: string }[];
  /** Folded DNI → the customer's id. */
  byDni: ReadonlyMap<string, number>;
  /** Folded e-mail → the customer's id. */
  byEmail: ReadonlyMap<string, number>;
}

export interface ImportCheck {
  rows: number;
  invalid: number;
  /** Every refused cell, in the file's order (at most MAX_SHOWN_ERRORS). */
  errors: ImportRowError[];
  /** Only while no row is invalid: the rows to write. */
  accepted: ImportRow[];
  creates: number;
  updates: number;
}

/** Most errors an answer lists: a file of 50,000 wrong rows still answers in a size a browser shows. */
export const MAX_SHOWN_ERRORS = 10_000;

const mappingError = (messages: string[]) => validationFailed({ mapping: messages }, messages[0]);

/** Which cell of a record feeds each column, from `mapping` (by header) or guessed from the headers' names. */
export function columnsOf(headers: readonly string[], mapping: ImportMapping | undefined): Partial<Record<ImportColumn, number>> {
  const trimmed = headers.map((header) => header.trim());
  const chosen = mapping ?? guessMapping(trimmed);
  const columns: Partial<Record<ImportColumn, number>> = {};
  const problems: string[] = [];
  for (const [header, column] of Object.entries(chosen)) {
    if (column === '') continue;
    const index = trimmed.indexOf(header.trim());
    if (index === -1) {
      problems.push(IMPORT_MESSAGES.unknownHeader(header));
      continue;
    }
    if (columns[column] !== undefined) problems.push(IMPORT_MESSAGES.mappingTwice(column));
    columns[column] = index;
  }
  for (const column of IMPORT_REQUIRED_COLUMNS) if (columns[column] === undefined) problems.push(IMPORT_MESSAGES.missingColumn(column));
  if (problems.length > 0) throw mappingError(problems);
  return columns;
}

/** The plan ids a 'planes' cell names (ids or names, '|' between them), and the ones the DSP does not sell. */
function plansOf(cell: string, plans: readonly { id: number; folded: string }[]): { ids: number[]; unknown: string[] } {
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const token of cell.split(IMPORT_PLAN_SEPARATOR).map((part) => part.trim()).filter(Boolean)) {
    const byId = /^\d+$/.test(token) ? plans.find((plan) => plan.id === Number(token)) : undefined;
    const folded = foldedValue(token);
    const plan = byId ?? plans.find((candidate) => candidate.folded === folded);
    if (plan) ids.push(plan.id);
    else unknown.push(token);
  }
  return { ids: [...new Set(ids)], unknown };
}

/**
 * Checks every record after the headers. A row's body is what the customer form would send (absent
 * columns are not sent, so an update keeps them), checked by `customerUpdateFields`; a new customer
 * also needs its plans. A password is optional: a new customer without one gets none that works.
 */
export async function checkImport(records: AsyncIterable<FileRecord>, mapping: ImportMapping | undefined, context: ImportContext): Promise<ImportCheck> {
  const check: ImportCheck = { rows: 0, invalid: 0, errors: [], accepted: [], creates: 0, updates: 0 };
  let columns: Partial<Record<ImportColumn, number>> | null = null;
  const dniLines = new Map<string, number>();
  const emailLines = new Map<string, number>();
  const plansSold = context.plans.map((plan) => ({ id: plan.id, folded: foldedValue(plan.name) }));

  for await (const record of records) {
    if (columns === null) {
      columns = columnsOf(record.cells, mapping);
      continue;
    }
    check.rows += 1;
    const errors = new Map<ImportColumn, string>();
    const refuse = (column: ImportColumn, message: string) => {
      if (!errors.has(column)) errors.set(column, message);
    };
    const cell = (column: ImportColumn): string | undefined => {
      const index = columns![column];
      return index === undefined ? undefined : (record.cells[index] ?? '');
    };

    const body: Record<string, unknown> = { dni: cell('dni'), name: cell('nombre'), email: cell('email') };
    if (columns.teléfono !== undefined) body.phone = cell('teléfono');
    if (columns.ciudad !== undefined || columns.dirección !== undefined) {
      body.meta = { ...(columns.ciudad !== undefined && { city: cell('ciudad') }), ...(columns.dirección !== undefined && { address: cell('dirección') }) };
    }
    const password = cell('contraseña');
    if (password) Object.assign(body, { password, password_confirmation: password });
    const planCell = cell('planes') ?? '';
    const plans = plansOf(planCell, plansSold);
    if (plans.unknown.length > 0) refuse('planes', IMPORT_MESSAGES.planUnknown(plans.unknown.join(IMPORT_PLAN_SEPARATOR)));
    else if (planCell.trim() !== '') body.plan_id = plans.ids;

    const parsed = customerUpdateFields.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = IMPORT_COLUMN_OF_FIELD[issue.path.join('.')] ?? IMPORT_COLUMN_OF_FIELD[String(issue.path[0])] ?? 'dni';
        refuse(column, issue.message);
      }
    }
    const input = parsed.success ? parsed.data : null;
    // A DNI or e-mail the schema accepted is checked against the others even when another cell of its row is refused.
    const dniText = errors.has('dni') ? undefined : (input?.dni ?? cell('dni'));
    const emailText = errors.has('email') ? undefined : (input?.email ?? cell('email')?.toLowerCase());
    const dni = dniText === undefined ? null : foldedValue(dniText);
    const email = emailText === undefined ? null : foldedValue(emailText);
    const existingId = dni === null ? null : (context.byDni.get(dni) ?? null);

    if (dni !== null) {
      const first = dniLines.get(dni);
      if (first !== undefined) refuse('dni', IMPORT_MESSAGES.dniRepeated(first));
      else dniLines.set(dni, record.line);
    }
    if (email !== null) {
      const first = emailLines.get(email);
      const owner = context.byEmail.get(email);
      if (first !== undefined) refuse('email', IMPORT_MESSAGES.emailRepeated(first));
      else emailLines.set(email, record.line);
      if (owner !== undefined && owner !== existingId) refuse('email', CUSTOMER_MESSAGES.emailTaken);
    }
    if (input && existingId === null && input.plan_id === undefined && !errors.has('planes')) refuse('planes', CUSTOMER_MESSAGES.plansRequired);

    if (errors.size > 0) {
      check.invalid += 1;
      check.accepted = [];
      for (const column of IMPORT_COLUMNS) {
        const message = errors.get(column);
        if (message && check.errors.length < MAX_SHOWN_ERRORS) check.errors.push({ line: record.line, column, message });
      }
      continue;
    }
    if (existingId === null) check.creates += 1;
    else check.updates += 1;
    if (check.invalid === 0) check.accepted.push({ line: record.line, existingId, input: input! });
  }
  if (columns === null) throw validationFailed({ file: [IMPORT_MESSAGES.empty] }, IMPORT_MESSAGES.empty);
  if (check.rows === 0) throw validationFailed({ file: [IMPORT_MESSAGES.noRows] }, IMPORT_MESSAGES.noRows);
  return check;
}
