import {
  IMPORT_COLUMN_OF_FIELD,
  IMPORT_MESSAGES,
  IMPORT_PLAN_SEPARATOR,
  IMPORT_REQUIRED_COLUMNS,
  customerImportResult,
  guessMapping,
  importMapping,
  rowErrorText,
  type CustomerImportResult,
  type ImportColumn,
  type ImportRowError,
} from '@contract/customer-import';
import { customerUpdateFields } from '@contract/customer';
import { DSP_NOT_FOUND } from '@contract/dsp.constants';
import { parse } from 'csv-parse/sync';
import { HttpResponse, http } from 'msw';
import { answer, apiUrl, fail } from '../envelope';
import { fold } from '../fold';
import type { MockModule } from '../resource';
import { customersDb } from './customers';

/** Every import call the wizard made: its mapping and whether it only validated. */
export const importDb = {
  calls: [] as { dryRun: boolean; mapping: Record<string, string> }[],
  /**
   * The text of the file the test last chose: a jsdom File reaches the mock without its name or its
   * bytes (Node's fetch cannot read a jsdom Blob), so the test says what the browser would send.
   */
  chosen: null as string | null,
  reset() {
    importDb.calls = [];
    importDb.chosen = null;
  },
};

/**
 * The customers import over `customersDb`: rows read by the contract's own customer schema (as the
 * server reads them), DNI and e-mail once per file, plans by id or name among the DSP's; a valid
 * file without dry_run adds the new customers (and updates the DNIs already there).
 */
export const mock: MockModule = {
  stores: [importDb],
  handlers: [
    http.post(apiUrl('v1/dsps/:dspId/customers/import'), async ({ request, params }) => {
      const dspId = Number(params.dspId);
      const dsp = customersDb.dsps.get(dspId);
      if (!dsp) return fail(404, DSP_NOT_FOUND);
      const form = await request.formData();
      const file = form.get('file');
      // A jsdom File is not the File of the realm msw reads the form in: tell a file by what it has.
      if (typeof file === 'string' || file === null) return fail(422, IMPORT_MESSAGES.fileRequired, { file: [IMPORT_MESSAGES.fileRequired] });
      const dryRun = form.get('dry_run') === '1' || new URL(request.url).searchParams.get('dry_run') === '1';
      const sentMapping = form.get('mapping');
      const parsedMapping = typeof sentMapping === 'string' ? importMapping.safeParse(sentMapping) : null;
      if (parsedMapping && !parsedMapping.success) return fail(422, IMPORT_MESSAGES.mapping, { mapping: [IMPORT_MESSAGES.mapping] });
      const text = importDb.chosen ?? (await file.text());
      const delimiter = (text.split('\n')[0]?.split(';').length ?? 0) > (text.split('\n')[0]?.split(',').length ?? 0) ? ';' : ',';
      const records = parse(text, { delimiter, bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as { record: string[]; info: { lines: number } }[];
      const [head, ...rows] = records;
      if (!head) return fail(422, IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
      const headers = head.record.map((header) => header.trim());
      const mapping = parsedMapping?.data ?? guessMapping(headers);
      importDb.calls.push({ dryRun, mapping });
      const index = (column: ImportColumn) => headers.findIndex((header) => mapping[header] === column);
      const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => index(column) === -1).map(IMPORT_MESSAGES.missingColumn);
      if (missing.length > 0) return fail(422, missing[0]!, { mapping: missing });

      const errors: ImportRowError[] = [];
      const seen = new Map<string, number>();
      const accepted: { dni: string; name: string; email: string; planIds: number[] }[] = [];
      let invalid = 0;
      for (const { record, info } of rows) {
        const cell = (column: ImportColumn) => (index(column) === -1 ? undefined : (record[index(column)] ?? ''));
        const planCell = cell('planes') ?? '';
        const planIds = planCell
          .split(IMPORT_PLAN_SEPARATOR)
          .map((token) => token.trim())
          .filter(Boolean)
          .map((token) => dsp.plans.find((plan) => String(plan.id) === token || fold(plan.name) === fold(token))?.id ?? -1);
        const parsed = customerUpdateFields.safeParse({ dni: cell('dni'), name: cell('nombre'), email: cell('email'), plan_id: planIds.length > 0 ? planIds.filter((id) => id > 0) : [] });
        const rowErrors = new Map<string, string>();
        if (planIds.includes(-1)) rowErrors.set('planes', IMPORT_MESSAGES.planUnknown(planCell));
        for (const issue of parsed.success ? [] : parsed.error.issues) {
          const column = IMPORT_COLUMN_OF_FIELD[String(issue.path[0])] ?? 'dni';
          if (!rowErrors.has(column)) rowErrors.set(column, issue.message);
        }
        const dni = fold(cell('dni') ?? '');
        const first = seen.get(dni);
        if (dni && first !== undefined && !rowErrors.has('dni')) rowErrors.set('dni', IMPORT_MESSAGES.dniRepeated(first));
        if (first === undefined) seen.set(dni, info.lines);
        if (rowErrors.size > 0) {
          invalid += 1;
          for (const [column, message] of rowErrors) errors.push({ line: info.lines, column, message });
        } else if (parsed.success) {
          accepted.push({ dni: parsed.data.dni!, name: parsed.data.name!, email: parsed.data.email!, planIds: parsed.data.plan_id ?? [] });
        }
      }
      const existing = (dni: string) => customersDb.customers.find((item) => item.dsp_id === dspId && fold(item.dni) === fold(dni));
      const result: CustomerImportResult = {
        rows: rows.length,
        valid: rows.length - invalid,
        invalid,
        created: accepted.filter((row) => !existing(row.dni)).length,
        updated: accepted.filter((row) => existing(row.dni)).length,
        errors,
      };
      if (invalid > 0 && !dryRun) {
        const message = IMPORT_MESSAGES.invalidRows(invalid);
        return HttpResponse.json({ status: 'error', message, errors: { file: errors.map(rowErrorText) }, data: { ...result, created: 0, updated: 0 } }, { status: 422 });
      }
      if (!dryRun) {
        for (const row of accepted) {
          const found = existing(row.dni);
          if (found) Object.assign(found, { name: row.name, email: row.email });
          else customersDb.add({ dsp_id: dspId, dni: row.dni, name: row.name, email: row.email }, row.planIds);
        }
      }
      return answer(customerImportResult, result, dryRun ? IMPORT_MESSAGES.validated : IMPORT_MESSAGES.imported);
    }),
  ],
};
