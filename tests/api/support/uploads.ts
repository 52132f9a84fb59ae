import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePng } from '../../../server/db/seed/demo-images';

/** A real PNG: `size`×`size` of one colour. */
export const pngBytes = (size = 8, color: [number, number, number] = [200, 40, 90]) =>
  encodePng(size, size, () => [...color, 255]);

/** A real 1×1 GIF. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The start of a JPEG (its signature is what makes it one). */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(64)]);

export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');

export const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** A DATA_DIR of its own for a test file, removed with `cleanup`. */
export function tempDataDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `panel-${prefix}-`));
  return { dir, uploads: path.join(dir, 'uploads'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every stored file under `uploads`, as keys ('sponsors/…png'). */
export function storedKeys(uploads: string): string[] {
  const keys: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${entry}/`);
      else keys.push(`${prefix}${entry}`);
    }
  };
  walk(uploads, '');
  return keys.sort();
}

/** '/storage/sponsors/x.png' → 'sponsors/x.png'. */
export const keyOf = (url: string) => url.replace(/^\/storage\//, '');
