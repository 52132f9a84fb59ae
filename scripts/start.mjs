// `npm start`: builds the panel when no build exists, then serves panel and API on one port.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const distDir = path.resolve(process.env.DIST_DIR || 'dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.log('Construyendo el panel (solo la primera vez)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// One process: tsx compiles the server's TypeScript on the fly.
const { register } = await import('tsx/esm/api');
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import('../server/main.ts');
