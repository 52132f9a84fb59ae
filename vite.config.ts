import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), precompress()],
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
            // The signed-in layout: menu, top bar, dates, modals and notifications.
            { name: 'shell', test: /[\\/]src[\\/]app[\\/]layout[\\/]app-shell\.tsx$/ },
            // The rest of Mantine's components, which the list screens share (not the charts).
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/ },
            // The records the list screens show and delete, and the small pieces every list is built
            // of (the audit and booking entities stay out: they load the schemas).
            {
              name: 'records',
              test: /[\\/]src[\\/](entities[\\/](?!audit|booking)|features[\\/]delete-with-confirmation[\\/]|shared[\\/]ui[\\/](list-state|empty-state|pager|search-input|record-actions|record-card|skeleton-grid|fact|lazy-modal)[\\/])/,
            },
          ],
        },
      },
    },
  },
});
