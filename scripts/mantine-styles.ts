// `npm run styles:mantine` writes src/app/styles/mantine-core.css: the stylesheets of the
// @mantine/core components the panel renders, instead of Mantine's whole styles.css, so the
// render-blocking stylesheet of every screen, /login included, holds only what the panel uses.
// The components are found by following the imports from the panel's own files through
// @mantine/* to every CSS module they reach (a Select reaches Combobox, Input, Popover and
// ScrollArea; a DatePickerInput reaches those of the calendar), and are written in the order
// Mantine's styles.css has them, so the cascade is the same.
// Its test compares the file with what this answers, so a component used without its styles fails
// `npm test` instead of showing unstyled.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MANTINE_CORE_CSS = 'src/app/styles/mantine-core.css';
/** Mantine's global styles, which every component relies on, before any component's. */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

const IMPORT = /(?:import|export)\s*(?:([\w$*\s{},]*?)\s*from\s*)?["']([^"']+)["']/g;

/** The names a module imports from a specifier: `{ A, B as C }` gives A and B; a namespace or default import gives '*'. */
function importedNames(clause: string | undefined): string[] {
  if (!clause) return ['*'];
  const braces = clause.match(/\{([^}]*)\}/);
  const names = (braces?.[1] ?? '').split(',').flatMap((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] || []);
  return braces && !clause.replace(braces[0], '').replace(/[\s,]/g, '') ? names : [...names, '*'];
}

/** Where each public name of a Mantine package's ESM entry is defined (empty for a package without one). */
function exportsOf(packageName: string): Map<string, string> {
  const entry = path.join(root, 'node_modules/@mantine', packageName, 'esm/index.mjs');
  const where = new Map<string, string>();
  if (!existsSync(entry)) return where;
  for (const [, clause, specifier] of readFileSync(entry, 'utf8').matchAll(IMPORT)) {
    if (!specifier?.startsWith('.')) continue;
    for (const name of importedNames(clause)) where.set(name, path.resolve(path.dirname(entry), specifier));
  }
  return where;
}

/** The panel's own source files. */
function panelFiles(dir = path.join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return panelFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The @mantine/core stylesheets (by name, e.g. 'Button') that the panel's imports reach. */
export function reachedStylesheets(): Set<string> {
  // Every @mantine package the imports name (core, dates, notifications, charts…), read once.
  const exports = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const sheets = new Set<string>();
  const queue: string[] = [];
  /** Queues the module behind `specifier` (a @mantine package's name, or a path relative to `from` inside one). */
  const follow = (specifier: string | undefined, clause: string | undefined, from: string) => {
    if (!specifier) return;
    const mantine = specifier.match(/^@mantine\/([\w-]+)$/)?.[1];
    if (mantine && !exports.has(mantine)) exports.set(mantine, exportsOf(mantine));
    const entry = mantine ? exports.get(mantine) : undefined;
    if (entry) {
      for (const name of importedNames(clause)) {
        const file = entry.get(name);
        if (file) queue.push(file);
      }
    } else if (specifier.startsWith('.') && from.includes(`${path.sep}node_modules${path.sep}`)) {
      queue.push(path.resolve(path.dirname(from), specifier));
    }
  };
  for (const file of panelFiles()) {
    for (const [, clause, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) follow(specifier, clause, file);
  }
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const module = path.basename(file).match(/^(\w+)\.module\.mjs$/);
    if (module?.[1] && file.includes(`${path.sep}@mantine${path.sep}core${path.sep}`)) sheets.add(module[1]);
    for (const [, clause, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) follow(specifier, clause, file);
  }
  return sheets;
}

/** The stylesheet's text: the reached ones, in the order of Mantine's own styles.css. */
export function mantineCoreCss(): string {
  const reached = reachedStylesheets();
  const full = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
  const sheetsDir = path.join(root, 'node_modules/@mantine/core/styles');
  const missing = [...reached].filter((name) => !existsSync(path.join(sheetsDir, `${name}.css`)));
  if (missing.length > 0) throw new Error(`@mantine/core has no stylesheet for: ${missing.join(', ')}`);
  // Where each sheet's text begins inside the whole styles.css, read once per sheet.
  const position = new Map([...reached].map((name) => [name, full.indexOf(readFileSync(path.join(sheetsDir, `${name}.css`), 'utf8').trim().slice(0, 200))]));
  const ordered = [...GLOBAL_SHEETS, ...[...reached].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0))];
  return [
    '/* Generated by `npm run styles:mantine` from the components the panel imports: run it again',
    '   after using a Mantine component for the first time (its test says when). Only these components\' styles',
    '   load, in the order of Mantine\'s styles.css. */',
    ...ordered.map((name) => `@import '@mantine/core/styles/${name}.css';`),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.join(root, MANTINE_CORE_CSS);
  const wanted = mantineCoreCss();
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, wanted);
  console.log(`${MANTINE_CORE_CSS}: ${wanted.split('\n').filter((line) => line.startsWith('@import')).length} stylesheets${current === wanted ? ', unchanged' : ''}`);
}
