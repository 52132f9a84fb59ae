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
          groups: [
            // What every screen runs on, in one chunk: gzip compresses it better than in pieces,
            // and /login (budget 150 KB) needs all of it anyway.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-table|table-core)[^\\/]+|zustand|ky|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});
