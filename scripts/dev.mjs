// `npm run dev`: the API (reloading on change) on API_PORT and Vite (hot reload) on PORT,
// which proxies /api and /storage to the API. Open http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn(path.join(root, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // People reach the API through Vite's proxy, so page URLs name Vite's port.
    env: { PUBLIC_URL: `http://localhost:${port}`, CHECK_ANSWERS: '1', LOG_FORMAT: 'pretty', ...process.env, PORT: apiPort, DIST_DIR: path.join(root, '.no-dist-in-dev') },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', port, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
