import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { SIGN_IN_PAGES, SIGN_IN_PATHS, screenPages } from './src/app/routes/screen-pages.ts';
import { SESSION_STORAGE_KEY } from './src/shared/auth/session-key.ts';

/** Mantine's components that only dialogs and the history drawer use (see `codeSplitting.groups`). */
const DIALOG_INPUTS = '(NumberInput|NumberFormatter|MultiSelect|PillsInput|Stepper|Textarea|JsonInput|Timeline|Fieldset|Switch|FileButton|FileInput|Progress)';
/** Mantine's components that only the Ctrl+K palette uses: left to the palette's own chunk. */
const PALETTE_ONLY = '(Highlight|Mark)';

/** Where the routes are declared: the build reads each screen's address from it. */
const ROUTER_FILE = fileURLToPath(new URL('./src/app/routes/router.tsx', import.meta.url));

/** The chunks every signed-in screen loads beyond the entry's (see `codeSplitting.groups` below). */
const SIGNED_IN_CHUNKS = ['shell', 'mantine', 'records'];

/** What a screen runs as it starts, by file: see `startupFiles`. */
interface StartupFiles {
  /** The entry and what it imports: /login's files, which every screen runs first. */
  entry: Set<string>;
  /** The signed-in chunks and their imports (and styles), beyond the entry's. */
  signedIn: string[];
  /** Each screen's address (a regular expression's source) and its page's files beyond the above. */
  screens: [string, string[]][];
}

/**
 * The files each screen runs as it starts, from the bundle: the entry's, the signed-in chunks', and
 * each page's lazy chunks (those whose module its folder's index.ts imports dynamically), each with
 * the chunks it imports, and the styles they import.
 */
function startupFiles(context: Rollup.PluginContext, bundle: Rollup.OutputBundle): StartupFiles {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const addWithImports = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) addWithImports(imported, into);
  };
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) addWithImports(chunk.fileName, entry);
  /** The files of these chunks: theirs and their imports', with styles, minus `known`. */
  const filesOf = (roots: Rollup.OutputChunk[], known: Set<string>) => {
    const wanted = new Set<string>();
    for (const chunk of roots) addWithImports(chunk.fileName, wanted);
    const scripts = [...wanted].filter((file) => !known.has(file));
    const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    return [...scripts, ...styles];
  };
  const signedIn = filesOf(chunks.filter((chunk) => SIGNED_IN_CHUNKS.includes(chunk.name)), entry);
  const knownBeforePage = new Set([...entry, ...signedIn]);

  const pageOf = (moduleId: string | null) => moduleId?.match(/[\\/]src[\\/]pages[\\/]([^\\/]+)[\\/]/)?.[1];
  const lazyByPage = new Map<string, Rollup.OutputChunk[]>();
  for (const chunk of chunks) {
    const page = chunk.isDynamicEntry ? pageOf(chunk.facadeModuleId) : undefined;
    const importer = page && chunk.facadeModuleId ? context.getModuleInfo(chunk.facadeModuleId)?.dynamicImporters : undefined;
    if (!page || !importer?.some((id) => /[\\/]src[\\/]pages[\\/][^\\/]+[\\/]index\.ts$/.test(id))) continue;
    lazyByPage.set(page, [...(lazyByPage.get(page) ?? []), chunk]);
  }
  const screenList = screenPages(readFileSync(ROUTER_FILE, 'utf8'));
  const missing = [...lazyByPage.keys()].filter((page) => !SIGN_IN_PAGES.includes(page) && !screenList.some(([, known]) => known === page));
  if (missing.length > 0) context.error(`Pages whose route src/app/routes/screen-pages.ts cannot read in router.tsx: ${missing.join(', ')}`);
  const screens = screenList.map(([address, page]): [string, string[]] => [address.source, filesOf(lazyByPage.get(page) ?? [], knownBeforePage)]);
  return { entry, signedIn, screens };
}

/**
 * A signed-in screen used to discover the shell, Mantine and records chunks only once the entry had
 * been fetched and run, and its own page only once those had run (a phone spent that time with an
 * idle network, twice). A small classic script, fetched beside the entry, preloads them all (and
 * their styles) at once when a session is stored and the address is not a sign-in page: the
 * screen's heading and its data request come with the shell's first render. /login without a
 * session loads nothing more. A file, not an inline script: the server's CSP allows scripts from
 * 'self' only.
 */
function writeSignedInPreload(dir: string, { signedIn, screens }: StartupFiles) {
  const url = (files: string[]) => files.map((file) => `/${file}`);
  const source =
    `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null");` +
    `if(s&&s.state&&s.state.token&&!${String(SIGN_IN_PATHS)}.test(location.pathname)){` +
    `var f=${JSON.stringify(url(signedIn))},p=${JSON.stringify(screens.map(([address, files]) => [address, url(files)]))};` +
    `for(var i=0;i<p.length;i++)if(new RegExp(p[i][0]).test(location.pathname)){f=f.concat(p[i][1]);break}` +
    `f.forEach(function(f){var l=document.createElement("link");` +
    `if(f.slice(-4)===".css"){l.rel="preload";l.as="style"}else l.rel="modulepreload";` +
    `l.crossOrigin="";l.href=f;document.head.appendChild(l)})}}catch(e){}\n`;
  const fileName = `assets/signed-in-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(dir, fileName), source);
  const indexFile = path.join(dir, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  writeFileSync(indexFile, html.replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`));
}

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with this comment has all
 * its functions compiled at once as it loads (on a background thread for the entry's own imports;
 * the preloaded files in the preload script's task) instead of each on the main thread the first
 * time it runs, in the middle of the first render. Only for the files a screen runs as it starts,
 * whose functions mostly do run then; a dialog's code, fetched once the screen has settled, stays
 * lazy.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileEagerly(dir: string, { entry, signedIn, screens }: StartupFiles) {
  for (const file of new Set([...entry, ...signedIn, ...screens.flatMap(([, files]) => files)])) {
    if (!file.endsWith('.js')) continue;
    const script = path.join(dir, file);
    writeFileSync(script, COMPILE_HINT + readFileSync(script, 'utf8'));
    // One more line at the top: the source map's lines move down by one.
    if (!existsSync(`${script}.map`)) continue;
    const map = JSON.parse(readFileSync(`${script}.map`, 'utf8')) as { mappings: string };
    writeFileSync(`${script}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
  }
}

/** The files each screen starts with, marked for eager compilation and preloaded for the signed-in ones. */
const startupScripts = (): Plugin => ({
  name: 'startup-scripts',
  apply: 'build',
  // On the written files (Vite puts a chunk's list of lazy imports at its top as the bundle is
  // generated), before `precompress` compresses them and the index.html written here.
  writeBundle: {
    order: 'pre',
    sequential: true,
    handler({ dir }, bundle) {
      if (!dir) return;
      const files = startupFiles(this, bundle);
      compileEagerly(dir, files);
      writeSignedInPreload(dir, files);
    },
  },
});

/** Writes .br and .gz beside each built asset; the server sends them to browsers that accept them. */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle({ dir }) {
    if (!dir) return;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(content));
    }
  },
});

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react(), startupScripts(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/storage': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Groups are filled in order, each taking what the ones above left; a group also takes what
          // its modules import. Fewer, larger chunks: a phone pays a round trip per file and gzip
          // compresses one chunk better than its pieces. Every group loads whole, so a group /login
          // loads holds only what /login runs (budget 150 KB).
          groups: [
            // What every screen runs on.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-table|table-core)[^\\/]+|zustand|ky|use-sync-external-store)[\\/]/ },
            // The rest of what the entry imports: the app, its providers and the route table.
            { name: 'app', tags: ['$initial'] },
            // The sign-in page and the Mantine pieces it stands on, which every screen uses too.
            { name: 'base-ui', test: /[\\/]src[\\/]pages[\\/]login[\\/]/ },
            // The signed-in layout: menu, top bar, dates, modals, and the providers that mount the toasts
            // (whose container is the 'toasts' chunk below, fetched once a screen has settled).
            { name: 'shell', test: /[\\/]src[\\/]app[\\/]layout[\\/]app-shell\.tsx$/ },
            // The rest of Mantine's components, which the list screens share (not the charts), but
            // for the inputs only dialogs hold (below) and what only the palette shows (left to its
            // chunk); and the notifications' store, which the toasts group below would otherwise
            // take, for the records to import it from there.
            {
              name: 'mantine',
              test: new RegExp(
                String.raw`node_modules[\\/]@mantine[\\/]((core|hooks)[\\/](?!esm[\\/]components[\\/](${DIALOG_INPUTS}|${PALETTE_ONLY})[\\/])|store[\\/]|notifications[\\/]esm[\\/]notifications\.store)`,
              ),
            },
            // Mantine's inputs that only dialogs hold (numbers, several values, steps, long text, JSON,
            // switches, file buttons and inputs, the import's progress bar) and the history drawer's timeline: a screen loads them when a
            // dialog opens or once it has settled, not before its list is drawn. After 'mantine', which has taken what they
            // share with the screens (the combobox under every select): a group takes what its
            // modules import, and the screens would then have loaded this one too.
            { name: 'mantine-dialogs', test: new RegExp(String.raw`node_modules[\\/](react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/]${DIALOG_INPUTS})[\\/]`) },
            // The toasts' container (Mantine's and its transitions), loaded once a screen has settled
            // (see app/setup/toasts.tsx). Without this group 'records' takes it: the package's index,
            // which the records import for the `notifications` API, imports it too.
            { name: 'toasts', test: /node_modules[\\/](react-transition-group|@mantine[\\/]notifications[\\/]esm[\\/](?!index|notifications\.store))|[\\/]src[\\/]app[\\/]setup[\\/]toasts\.tsx$/ },
            // The records the list screens show and delete, and the small pieces every list is built
            // of (the audit entity stays out: only the history drawer, fetched once a screen has
            // settled, and the audit screen read it; the booking entity too: only the bookings screen reads it;
            // and the search entity, which only the Ctrl+K palette reads, fetched when it first opens;
            // and of acting on many, the checkboxes and the selection, not its bar's actions and dialogs).
            {
              name: 'records',
              test: /[\\/]src[\\/](entities[\\/](?!audit|booking|search)|features[\\/]delete-with-confirmation[\\/]|features[\\/]act-on-many[\\/](index\.ts|config[\\/]|model[\\/]use-selection|ui[\\/](select-item|selection-bar)\.)|shared[\\/]ui[\\/](list-state|empty-state|pager|search-input|record-actions|record-card|skeleton-grid|fact|lazy-modal)[\\/])/,
            },
          ],
        },
      },
    },
  },
});
