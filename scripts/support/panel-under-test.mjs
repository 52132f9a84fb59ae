// The real server on a throw-away data directory with the demo data, the built panel it serves, a
// super admin signed in through the API (password, then the e-mail code from the mail log), and a
// headless Debian Chromium: what scripts/bench-ui.mjs and scripts/profile-ui.mjs measure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const admin = { email: 'bench@panel.test', password: 'Bench-only-123' };
const SESSION_KEY = 'panel-de-control.session';

/** Builds the panel into `outDir` (vite's own flags after it, e.g. `--sourcemap`); exits the process if the build fails. */
export function buildPanel(outDir, ...flags) {
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir', ...flags], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Starts the server on `port` serving the panel built in `distDir`; answers its origin, `api`, `signIn` and `stop`. */
export async function startPanel({ port, distDir }) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, SEED_DEMO: 'true', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn' },
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

  /** Calls the API and answers the envelope's `data`. */
  async function api(method, apiPath, { token, body } = {}) {
    const response = await fetch(`${origin}/api/${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    });
    const envelope = await response.json();
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${envelope.message}`);
    return envelope.data;
  }

  /** Signs the admin in through the API: the session the panel keeps in localStorage. */
  async function signIn() {
    await api('POST', 'auth/login', { body: admin });
    const mails = readFileSync(path.join(dataDir, 'mail.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const code = mails.findLast((mail) => mail.to === admin.email).text.match(/\b(\d{6})\b/)[1];
    const { token, expires_at: _expiresAt, ...user } = await api('POST', 'auth/verify-2fa', { body: { email: admin.email, code } });
    return { token, user };
  }

  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, api, signIn, stop };
}

/** Headless Debian Chromium with a persistent (default) context, and `close` that also removes its profile. */
export async function launchChromium(args = []) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
  const close = async () => {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, close };
}

/** Puts the signed-in session in (or, with null, out of) the page's localStorage, as the panel keeps it. */
const setSession = (page, session) =>
  page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    [SESSION_KEY, session ? JSON.stringify({ state: { ...session, email: null, loading: false, error: null, otpSentAt: null }, version: 0 }) : null],
  );

/**
 * Readies `page` for a cold load of `origin`: no cached file, as for a first visit, and the session
 * (or none) in its localStorage. It opens an API address the panel never serves (a JSON 404), which
 * is the origin without the panel's files.
 */
export async function coldStart(page, cdp, origin, session) {
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${origin}/api/cold-start`);
  await setSession(page, session);
}
