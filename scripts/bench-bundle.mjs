// `npm run bench:bundle`: builds the panel, opens /login in headless Chromium against the real
// server, and reports the JavaScript that page loads (gzip), against the 150 KB budget.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: 'bench-only-123' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('listo en')) resolve();
  });
  server.once('exit', () => reject(new Error(`server exited:\n${out}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();

  const rows = [...scripts].map((file) => ({ file, gzip: gzipSize(path.join(root, 'dist', file)) })).sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const all = readdirSync(path.join(root, 'dist/assets')).filter((file) => file.endsWith('.js'));
  const everything = all.reduce((sum, file) => sum + gzipSize(path.join(root, 'dist/assets', file)), 0);

  console.log('\nJavaScript loaded by /login (gzip -9):');
  for (const row of rows) console.log(`  ${kb(row.gzip).padStart(7)} KB  ${row.file}`);
  console.log(`  ${kb(total).padStart(7)} KB  total (budget ${BUDGET_KB} KB) — ${total <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`);
  console.log(`The whole panel: ${all.length} chunks, ${kb(everything)} KB gzip; /login loads ${rows.length} of them.\n`);
  process.exitCode = total <= BUDGET_KB * 1024 ? 0 : 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
