import type { FastifyBaseLogger } from 'fastify';
import type Sharp from 'sharp';
import { EXTENSION_BY_KIND, IMAGE_KINDS, assertFileKind, type FileKind, type UploadedFile } from '../http/uploads';
import type { Storage, StorageContent, StorageFolder } from './storage';

/**
 * The longest side, in pixels, a picture is kept at. The panel shows one at most about 1,000 px
 * wide (a campaign's banner on a wide screen; a card is some 400 px on a phone), while a photo
 * from a phone's camera is 4,000 px and several megabytes, which every list showing it would send
 * to every phone. 1,600 px stays sharp on a high-density screen.
 */
export const PICTURE_LONGEST_SIDE = 1600;

let imageLibrary: Promise<typeof Sharp> | undefined;
/**
 * sharp, loaded with the first picture to measure rather than at start: its native library is slow
 * to load, which every start (and every test file's server) would pay for nothing.
 */
const loadSharp = () =>
  (imageLibrary ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recently read files open and their results in memory, for images read again:
    // an upload is read once, and its temp file must go (and free its space) when the request ends.
    sharp.cache(false);
    return sharp;
  }));

/**
 * The bytes to keep of an upload: as uploaded, but for a PNG or JPEG longer than
 * PICTURE_LONGEST_SIDE on a side, which is scaled down to it in its own format. It is turned
 * upright first: a phone's photo says its orientation in its metadata, which the scaled copy does
 * not keep, nor the rest of it (the camera, the place it was taken). A GIF stays as it is (it may
 * move), and so does a file the image library cannot read or refuses to open (its kind was checked
 * by its first bytes, and the browser shows what it can of it, as before).
 */
async function keptBytes(file: UploadedFile): Promise<StorageContent> {
  const asUploaded = () => ({ stream: file.open(), size: file.size });
  if (file.kind !== 'png' && file.kind !== 'jpeg') return asUploaded();
  try {
    const picture = (await loadSharp())(file.path);
    const { width = 0, height = 0 } = await picture.metadata();
    if (Math.max(width, height) <= PICTURE_LONGEST_SIDE) return asUploaded();
    const scaled = picture.rotate().resize({ width: PICTURE_LONGEST_SIDE, height: PICTURE_LONGEST_SIDE, fit: 'inside' });
    return await (file.kind === 'png' ? scaled.png({ compressionLevel: 9 }) : scaled.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
  } catch {
    return asUploaded();
  }
}

/**
 * Checks that an uploaded file is of one of `kinds` by its bytes (415 otherwise, naming `label`)
 * and stores it, a large picture scaled down (see keptBytes); returns its key.
 */
export async function storeUpload(
  storage: Storage,
  file: UploadedFile,
  { folder, label, kinds = IMAGE_KINDS }: { folder: StorageFolder; label: string; kinds?: readonly FileKind[] },
): Promise<string> {
  assertFileKind(file, kinds, label);
  return storage.put(await keptBytes(file), { folder, extension: EXTENSION_BY_KIND[file.kind as keyof typeof EXTENSION_BY_KIND] });
}

/**
 * Removes files that no record points to any more (a replaced logo, a deleted record's image, or
 * a new upload whose record was not saved). Called after the database has committed; a failure is
 * logged, never returned to the person, because the change they asked for did happen.
 */
export async function discardFiles(storage: Storage, keys: readonly (string | null | undefined)[], log: FastifyBaseLogger): Promise<void> {
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) => storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not delete a stored file'))),
  );
}
