import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../server/db/schema';
import { PICTURE_LONGEST_SIDE } from '../../server/storage/files';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { GIF_1X1, JPEG_BYTES, file, pngBytes, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
let sponsorId: number;
const data = tempDataDir('picture-size');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).limit(1);
  const sponsor = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: bearer(token), payload: { name: 'Fotos del Sur', country_id: country!.id } });
  sponsorId = sponsor.json().data.id;
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

let campaigns = 0;
/** Creates a campaign with `image` and answers the bytes the panel is then served for it. */
async function servedImage(image: File): Promise<Buffer> {
  campaigns += 1;
  const body = await multipart({ name: `Campaña ${campaigns}`, sponsor_id: String(sponsorId), image });
  const created = await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(created.statusCode, created.body).toBe(201);
  const served = await ctx.inject({ method: 'GET', url: created.json().data.image_url });
  expect(served.statusCode).toBe(200);
  return served.rawPayload;
}

/** A photo-like picture: a gradient, so that it does not compress to nothing. */
function picture(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7 + Math.floor(index / (width * 3)) * 3) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

describe('pictures staff upload', () => {
  it('keeps a picture that fits as it was uploaded, byte for byte, and a GIF or an unreadable JPEG too', async () => {
    const small = pngBytes(64);
    expect(await servedImage(file(small, 'logo.png', 'image/png'))).toEqual(small);
    const banner = await picture(PICTURE_LONGEST_SIDE, 600).jpeg().toBuffer();
    expect(await servedImage(file(banner, 'banner.jpg', 'image/jpeg'))).toEqual(banner);
    expect(await servedImage(file(GIF_1X1, 'punto.gif', 'image/gif'))).toEqual(GIF_1X1);
    // Only its first bytes make it a JPEG: nothing to scale, kept as before.
    expect(await servedImage(file(JPEG_BYTES, 'roto.jpg', 'image/jpeg'))).toEqual(JPEG_BYTES);
  });

  it('scales a larger PNG down to the longest side, in its own format and proportions', async () => {
    const large = await picture(2400, 1200).png().toBuffer();
    const served = await servedImage(file(large, 'grande.png', 'image/png'));
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: PICTURE_LONGEST_SIDE, height: 800 });
  });

  it('turns a phone’s photo upright and scales it, without the camera’s metadata', async () => {
    // Taken sideways: 3,000 × 2,000 px stored, to be shown turned a quarter (orientation 6), with its GPS position.
    const photo = await picture(3000, 2000)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Cámara de teléfono' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 36/1 0/1' } } })
      .toBuffer();
    const served = await servedImage(file(photo, 'foto.jpg', 'image/jpeg'));
    const kept = await sharp(served).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 1067, height: PICTURE_LONGEST_SIDE });
    expect(kept.orientation).toBeUndefined();
    expect(kept.exif).toBeUndefined();
    expect(served.length).toBeLessThan(photo.length);
  });
});
