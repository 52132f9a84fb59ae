import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, controlSocketPath, DataDirBusyError, requestDump, type DataDirClaim } from './data-dir-control';

const dirs: string[] = [];
const claims: DataDirClaim[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-claim-'));
  dirs.push(dir);
  return dir;
};
const claim = async (dir: string, who = 'El servidor') => {
  const held = await claimDataDir(dir, who);
  claims.push(held);
  return held;
};

afterEach(async () => {
  for (const held of claims.splice(0)) await held.release();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('claiming a DATA_DIR for its embedded database', () => {
  it('lets one process hold it and tells the next one who to wait for', async () => {
    const dir = newDataDir();
    await claim(dir);
    await expect(claimDataDir(dir, 'Una restauración')).rejects.toThrow(DataDirBusyError);
    await expect(claimDataDir(dir, 'Una restauración')).rejects.toThrow(/Otro proceso .* está usando la base de datos de/);
  });

  it('frees it on release, and takes over a socket a killed process left behind', async () => {
    const dir = newDataDir();
    await (await claimDataDir(dir, 'El servidor')).release();
    await claim(dir);

    const other = newDataDir();
    // What a process killed with SIGKILL leaves: the socket's file, with nobody listening on it.
    const killed = spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(controlSocketPath(other))}, () => process.kill(process.pid, 'SIGKILL'))`]);
    expect(killed.signal).toBe('SIGKILL');
    expect(fs.existsSync(controlSocketPath(other))).toBe(true);
    expect(await requestDump(other)).toBeNull();
    await claim(other);
  });

  it('answers the holder’s dump once it serves one, and says when it cannot yet', async () => {
    const dir = newDataDir();
    expect(await requestDump(dir)).toBeNull();
    const held = await claim(dir);
    await expect(requestDump(dir)).rejects.toThrow(/no puede dar un volcado ahora/);
    held.serveDumps(async () => new Blob([Buffer.from('contenido del volcado')]));
    expect((await requestDump(dir))?.toString()).toBe('contenido del volcado');
    held.serveDumps(async () => {
      throw new Error('disco lleno');
    });
    await expect(requestDump(dir)).rejects.toThrow('La base de datos no se pudo volcar: disco lleno');
  });

  it('lets only the owner connect', async () => {
    const dir = newDataDir();
    await claim(dir);
    expect(fs.statSync(controlSocketPath(dir)).mode & 0o777).toBe(0o600);
  });
});
