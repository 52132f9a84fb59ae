import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStorageKey, newStorageKey, storageUrl, watchFailure, type Storage } from './storage';

/**
 * Files on the local disk under `root` (DATA_DIR/uploads by default), one folder per owner kind.
 * Directories are created on the first write, so an unused storage leaves no trace.
 */
export function createLocalDiskStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The file's path, only for a well-formed key that stays inside `base`. */
  const pathOf = (key: string): string | null => {
    if (!isStorageKey(key)) return null;
    const resolved = path.resolve(base, key);
    return resolved.startsWith(`${base}${path.sep}`) ? resolved : null;
  };

  return {
    async put(content, { folder, extension }) {
      const failure = Buffer.isBuffer(content) ? () => undefined : watchFailure(content.stream);
      try {
        const key = newStorageKey(folder, extension);
        const file = pathOf(key);
        if (!file) throw new Error(`Invalid storage key: ${key}`);
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        if (failure()) throw failure();
        // 'wx': never overwrite, even in the unthinkable case of a repeated random name.
        if (Buffer.isBuffer(content)) await fs.promises.writeFile(file, content, { flag: 'wx' });
        else await writeExactly(content, file);
        return key;
      } finally {
        // An unread stream would keep its file open.
        if (!Buffer.isBuffer(content)) content.stream.destroy();
      }
    },

    async delete(key) {
      const file = pathOf(key);
      if (!file) return;
      await fs.promises.rm(file, { force: true });
    },

    url(key) {
      return storageUrl(key)!;
    },

    async read(key) {
      const file = pathOf(key);
      if (!file) return null;
      try {
        const handle = await fs.promises.open(file, 'r');
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { stream: handle.createReadStream(), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async check() {
      // The folder appears with the first upload: until then, the nearest folder that exists must
      // let it be made. Asking the system leaves no trace (a test file would).
      for (let folder = base; ; folder = path.dirname(folder)) {
        try {
          if (!(await fs.promises.stat(folder)).isDirectory()) throw new Error(`${folder} no es una carpeta`);
          await fs.promises.access(folder, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || folder === path.dirname(folder)) throw error;
        }
      }
    },
  };
}

/** Writes exactly `size` bytes from `stream` to a new `file`; on any failure leaves no file behind. */
async function writeExactly({ stream, size }: { stream: Readable; size: number }, file: string): Promise<void> {
  let written = 0;
  try {
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          written += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(file, { flags: 'wx' }),
    );
    if (written !== size) throw new Error(`Stored ${written} bytes where ${size} were announced`);
  } catch (error) {
    // Our half-written file has no key anyone knows; an existing one (EEXIST) is not ours.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await fs.promises.rm(file, { force: true });
    throw error;
  }
}

/** Where the default storage keeps the files: `<dataDir>/uploads`. */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/** The default storage: `<dataDir>/uploads`. */
export const createUploadsStorage = (dataDir: string): Storage => createLocalDiskStorage(uploadsDirOf(dataDir));
