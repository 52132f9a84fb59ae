// No zod here: the panel's import wizard (and the component tests' mock server) read these without
// loading the schemas.
import { CUSTOMER_MESSAGES } from './customer.constants';

/**
 * The columns an import file may carry, as staff name them (and as the errors name them:
 * 'Fila 14, email: El email no es válido'). `contraseña` is optional: a new customer without one
 * gets an unusable password and sets their own by recovery.
 */
export const IMPORT_COLUMNS = ['dni', 'nombre', 'email', 'teléfono', 'ciudad', 'dirección', 'planes', 'contraseña'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns the file must carry (mapped from one of its headers); the others may be left out. */
export const IMPORT_REQUIRED_COLUMNS = ['dni', 'nombre', 'email', 'planes'] as const satisfies readonly ImportColumn[];

/** What staff read for each column in the wizard. */
export const IMPORT_COLUMN_LABELS: Record<ImportColumn, string> = {
  dni: 'DNI',
  nombre: 'Nombre',
  email: 'Email',
  teléfono: 'Teléfono',
  ciudad: 'Ciudad',
  dirección: 'Dirección',
  planes: 'Planes',
  contraseña: 'Contraseña',
};

/** Several plans in one cell: 'Plan Hogar|Plan Auto' (ids or names). */
export const IMPORT_PLAN_SEPARATOR = '|';

export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Rows shown before mapping the columns. */
export const IMPORT_PREVIEW_ROWS = 5;

export const IMPORT_MESSAGES = {
  fileRequired: 'Adjunta el archivo CSV en el campo file.',
  notCsv: 'El archivo debe ser un CSV (texto separado por comas o punto y coma).',
  tooLarge: `El archivo supera el máximo de ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `El archivo supera el máximo de ${MAX_IMPORT_ROWS.toLocaleString('es-CO')} filas.`,
  empty: 'El archivo está vacío: la primera fila debe nombrar las columnas.',
  noRows: 'El archivo no tiene filas de clientes después de los encabezados.',
  unreadable: 'El archivo no es un CSV legible.',
  mapping: 'mapping debe ser un objeto JSON {"encabezado del archivo": "columna"}.',
  mappingColumn: `Cada columna de mapping debe ser una de: ${IMPORT_COLUMNS.join(', ')} (o vacía para no importarla).`,
  mappingTwice: (column: string) => `La columna ${column} está asignada a dos encabezados.`,
  missingColumn: (column: string) => `Falta la columna ${column}: asígnala a un encabezado del archivo.`,
  unknownHeader: (header: string) => `El archivo no tiene el encabezado «${header}».`,
  dniRepeated: (line: number) => `El DNI se repite en la fila ${line} del archivo.`,
  emailRepeated: (line: number) => `El email se repite en la fila ${line} del archivo.`,
  planUnknown: (plan: string) => `${CUSTOMER_MESSAGES.planNotOfDsp.replace(/\.$/, '')}: «${plan}».`,
  invalidRows: (invalid: number) =>
    invalid === 1 ? 'Una fila tiene errores: no se importó ninguna.' : `${invalid.toLocaleString('es-CO')} filas tienen errores: no se importó ninguna.`,
  validated: 'Archivo validado: no se guardó nada.',
  imported: 'Clientes importados correctamente.',
} as const;

/** One refused cell: `line` is the file's line (the headers are line 1), `column` one of IMPORT_COLUMNS (or 'archivo'). */
export interface ImportRowError {
  line: number;
  column: string;
  message: string;
}

/**
 * The column an error of the customer body names, by its path ('meta.city'): a row is checked by
 * the very schema of a customer's update, so its errors come with the body's field names.
 */
export const IMPORT_COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  dni: 'dni',
  name: 'nombre',
  email: 'email',
  phone: 'teléfono',
  'meta.city': 'ciudad',
  'meta.address': 'dirección',
  meta: 'dirección',
  plan_id: 'planes',
  password: 'contraseña',
  password_confirmation: 'contraseña',
};

/** 'Fila 14, email: El email no es válido' */
export const rowErrorText = (error: ImportRowError): string => `Fila ${error.line}, ${error.column}: ${error.message}`;

/** A header as two are compared: trimmed, case, accents and spaces, dashes or underscores ignored. */
export const foldHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');

/** Other names files use for each column, folded. */
const HEADER_SYNONYMS: Record<ImportColumn, readonly string[]> = {
  dni: ['dni', 'documento', 'cedula', 'identificacion', 'numerodocumento', 'nit', 'cc'],
  nombre: ['nombre', 'nombres', 'nombrecompleto', 'name', 'cliente'],
  email: ['email', 'correo', 'correoelectronico', 'mail'],
  teléfono: ['telefono', 'celular', 'movil', 'phone', 'tel'],
  ciudad: ['ciudad', 'city', 'municipio'],
  dirección: ['direccion', 'address', 'domicilio'],
  planes: ['planes', 'plan', 'plans', 'planid'],
  contraseña: ['contrasena', 'clave', 'password'],
};

/** The column a file's header names, guessed by its name ('Teléfono', 'TELEFONO', 'Correo electrónico'), or null. */
export const guessColumn = (header: string): ImportColumn | null => {
  const folded = foldHeader(header);
  return IMPORT_COLUMNS.find((column) => HEADER_SYNONYMS[column].includes(folded)) ?? null;
};

/** Each header's guessed column, each column used at most once (the first header that names it). */
export const guessMapping = (headers: readonly string[]): Record<string, ImportColumn | ''> => {
  const used = new Set<ImportColumn>();
  const mapping: Record<string, ImportColumn | ''> = {};
  for (const header of headers) {
    const column = guessColumn(header);
    mapping[header] = column && !used.has(column) ? column : '';
    if (column) used.add(column);
  }
  return mapping;
};

/** The separator a file's header line uses: ';' when it has more of them than commas (outside quotes), as Excel in es-CO writes. */
export function detectSeparator(headerLine: string): ',' | ';' {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}
