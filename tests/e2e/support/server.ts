import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/support/free-port';

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Secreto123!';

/** A server process started by `spawnServer`. */
export interface ServerProcess {
  url: string;
  /** The server's own process (not a wrapper), so a signal sent to it reaches the server. */
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** What was printed on stderr alone. */
  errorOutput(): string;
  /**
   * Resolves once the server prints that it is ready. A server that exits first, or is not ready
   * within `withinMs`, is killed and the error carries its output.
   */
  ready(withinMs?: number): Promise<void>;
}

/** Runs `node <args>` as the server over `dataDir` on `port`, its mail going to DATA_DIR/mail.log. */
export function spawnServer(options: { args: string[]; dataDir: string; port: number; env?: Record<string, string> }): ServerProcess {
  let output = '';
  let errorOutput = '';
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    errorOutput += chunk;
  });

  return {
    url: `http://127.0.0.1:${options.port}`,
    child,
    output: () => output,
    errorOutput: () => errorOutput,
    async ready(withinMs = 90_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited early:\n${output}`);
        if (/listo en/.test(output)) return;
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`The server did not start in time:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

/** The newest 6-digit code the log mailer wrote to `mailLog` for `to`. */
export function lastMailedCode(mailLog: string, to: string): string {
  const lines = readFileSync(mailLog, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { to: string; text: string });
  const code = lines.findLast((mail) => mail.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was mailed to ${to}`);
  return code;
}

/** Signs the admin in on a running server through the real endpoints, with the code the log mailer wrote; answers the bearer token. */
export async function signInAsAdmin(url: string, mailLog: string): Promise<string> {
  const post = (route: string, body: unknown) =>
    fetch(`${url}/api/auth/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  const login = await post('login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const verify = await post('verify-2fa', { email: ADMIN_EMAIL, code: lastMailedCode(mailLog, ADMIN_EMAIL) });
  if (verify.status !== 200) throw new Error(`verify-2fa: ${verify.status} ${await verify.text()}`);
  return ((await verify.json()) as { data: { token: string } }).data.token;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  mailLog: string;
  output: () => string;
  /** The newest 6-digit code mailed to `to`. */
  lastCode(to: string): string;
  stop(): Promise<void>;
}

/** Starts the product exactly as `npm start` does, on a free port and a temporary DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-e2e-'));
  const mailLog = path.join(dataDir, 'mail.log');
  const server = spawnServer({ args: ['scripts/start.mjs'], dataDir, port: await freePort(), env });
  await server.ready();
  return {
    url: server.url,
    dataDir,
    mailLog,
    output: server.output,
    lastCode: (to) => lastMailedCode(mailLog, to),
    async stop() {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => (server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
