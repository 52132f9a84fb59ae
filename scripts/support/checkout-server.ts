import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** A checkout whose API a load run can start: its directory, how to name it, and how to remove it when the run made it. */
export interface Checkout {
  dir: string;
  label: string;
  remove: () => void;
}

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
const sameFile = (a: string, b: string) => existsSync(a) && existsSync(b) && readFileSync(a, 'utf8') === readFileSync(b, 'utf8');

/** `dir`'s short commit and branch, to name it in a table (`f00256c`, `abc1234 h/bench`); `dir` itself when it is not a git checkout. */
export function describeCheckout(dir: string): string {
  try {
    const commit = git(dir, 'rev-parse', '--short', 'HEAD');
    const branch = git(dir, 'rev-parse', '--abbrev-ref', 'HEAD');
    const dirty = git(dir, 'status', '--porcelain', '--untracked-files=no') === '' ? '' : ' con cambios';
    return `${commit}${branch === 'HEAD' ? '' : ` ${branch}`}${dirty}`;
  } catch {
    return dir;
  }
}

/**
 * `against`: the directory of another checkout, used as it is, or a git ref of `here`'s repository,
 * checked out into a temporary worktree that `remove` deletes. That worktree shares `here`'s
 * node_modules when its package.json and lock are the same; otherwise it gets its own (npm ci).
 */
export function prepareCheckout(here: string, against: string): Checkout {
  if (existsSync(path.join(against, 'server', 'main.ts'))) {
    const dir = path.resolve(against);
    return { dir, label: describeCheckout(dir), remove: () => undefined };
  }
  let commit: string;
  try {
    commit = git(here, 'rev-parse', '--verify', '--quiet', `${against}^{commit}`);
  } catch {
    throw new Error(`--against: "${against}" no es una copia del proyecto (sin server/main.ts) ni una referencia de git de ${here}.`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), `panel-bench-${commit.slice(0, 7)}-`));
  git(here, 'worktree', 'add', '--detach', '--quiet', dir, commit);
  const remove = () => {
    git(here, 'worktree', 'remove', '--force', dir);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (['package.json', 'package-lock.json'].every((file) => sameFile(path.join(here, file), path.join(dir, file)))) {
      symlinkSync(realpathSync(path.join(here, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
    } else {
      console.log(`${against} tiene otras dependencias: npm ci en ${dir}…`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, label: commit.startsWith(against) ? commit.slice(0, 7) : `${commit.slice(0, 7)} (${against})`, remove };
}

export interface CheckoutServer {
  origin: string;
  /** The server's own process (node itself, not a wrapper), whose CPU a meter reads. */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The checkout's own API (`server/main.ts`, with its own module paths and dependencies) in a process
 * of its own on a free loopback port, on `settings.databaseUrl`, building links on `settings.publicUrl`
 * (so its answers are the bytes another server's are); ready once `ready(origin)` holds. Its files
 * (uploads, key, mail log) go to a temporary DATA_DIR; it seeds no demo data and checks no answers.
 */
export async function startCheckoutServer(
  dir: string,
  settings: { databaseUrl: string; publicUrl: string },
  ready: (origin: string) => Promise<boolean>,
): Promise<CheckoutServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'server', 'main.ts')], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: settings.databaseUrl, PUBLIC_URL: settings.publicUrl, DATA_DIR: dataDir, MAIL_LOG: '', SEED_DEMO: 'false', CHECK_ANSWERS: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await ready(origin).catch(() => false))) {
    if (!running || Date.now() > deadline) {
      await stop();
      throw new Error(`El servidor de ${dir} no respondió${running ? ' en 60 s' : ` (terminó con ${child.exitCode})`}:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, pid: child.pid!, stop };
}
