// The built panel as the server sends it (`npm run test:e2e` builds it first): the scripts a screen
// runs as it starts ask V8 to compile all their functions at once as they load, not each in the
// middle of the first render; a dialog's code, fetched once the screen has settled, does not.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const assets = path.resolve('dist/assets');
const HINT = '//# allFunctionsCalledOnLoad\n';

/** The file as each encoding the server may send it decodes: plain, brotli and gzip. */
const asSent = (file: string) => {
  const plain = readFileSync(path.join(assets, file), 'utf8');
  const encoded = [
    [`${file}.br`, brotliDecompressSync],
    [`${file}.gz`, gunzipSync],
  ] as const;
  return [plain, ...encoded.filter(([name]) => existsSync(path.join(assets, name))).map(([name, decode]) => decode(readFileSync(path.join(assets, name))).toString('utf8'))];
};

describe('compile hints in the built panel', () => {
  it('mark the entry and the files the signed-in preload names, in every encoding', () => {
    const html = readFileSync(path.resolve('dist/index.html'), 'utf8');
    const entry = html.match(/<script type="module"[^>]* src="\/assets\/([^"]+)"/)![1]!;
    const preload = html.match(/<script async src="\/assets\/([^"]+)"/)![1]!;
    const startup = [...readFileSync(path.join(assets, preload), 'utf8').matchAll(/"\/assets\/([^"]+\.js)"/g)].map(([, file]) => file!);
    expect(startup.length).toBeGreaterThan(10);
    for (const file of [entry, ...startup]) {
      for (const sent of asSent(file)) expect(sent.startsWith(HINT), file).toBe(true);
    }
  });

  it('leave dialogs lazy', () => {
    const dialogs = readdirSync(assets).filter((file) => /-form-modal-[^.]+\.js$/.test(file));
    expect(dialogs.length).toBeGreaterThan(3);
    for (const file of dialogs) expect(readFileSync(path.join(assets, file), 'utf8').startsWith('//#'), file).toBe(false);
  });
});
