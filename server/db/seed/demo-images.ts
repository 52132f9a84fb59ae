/**
 * The demo data's images, made at seed time from packages in node_modules (no network): sponsor
 * logos as typographic marks (the initials set in Montserrat, read with opentype.js into SVG
 * paths) and campaign banners (a gradient, shapes and the campaign's title, varied and
 * deterministic per campaign), rasterised to PNG with resvg. `encodePng` draws simple PNGs by
 * hand for the tests' uploads.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import opentype from 'opentype.js';

export type Rgb = readonly [number, number, number];
type Rgba = readonly [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Buffer): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG of `channels`-byte pixels (3: RGB, 4: RGBA), each row with its best filter, as encoders do. */
function encodeRows(width: number, height: number, channels: 3 | 4, pixels: Buffer): Buffer {
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const above = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    let best = { filter: 0, cost: Infinity, bytes: Buffer.alloc(0) };
    // None, Sub, Up, Average, Paeth; the row whose bytes sum smallest (as signed) compresses best.
    for (let filter = 0; filter <= 4; filter++) {
      let cost = 0;
      for (let i = 0; i < stride; i++) {
        const left = i >= channels ? row[i - channels]! : 0;
        const up = above ? above[i]! : 0;
        const upLeft = above && i >= channels ? above[i - channels]! : 0;
        let predictor = 0;
        if (filter === 1) predictor = left;
        else if (filter === 2) predictor = up;
        else if (filter === 3) predictor = (left + up) >> 1;
        else if (filter === 4) {
          const p = left + up - upLeft;
          const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
          predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
        }
        const value = (row[i]! - predictor) & 0xff;
        candidate[i] = value;
        cost += value < 128 ? value : 256 - value;
      }
      if (cost < best.cost) best = { filter, cost, bytes: Buffer.from(candidate) };
    }
    raw[y * (stride + 1)] = best.filter;
    best.bytes.copy(raw, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8); // 8 bits, RGBA or RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An RGBA PNG whose pixel (x, y) is `pixel(x, y)`, encoded by hand: signature, IHDR, one IDAT, IEND. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set(pixel(x, y), (y * width + x) * 4);
  }
  return encodeRows(width, height, 4, pixels);
}

const require = createRequire(import.meta.url);

/** Montserrat (SIL Open Font License) from @fontsource, read once, on the first image. */
const fonts = new Map<number, opentype.Font>();
function montserrat(weight: 600 | 800): opentype.Font {
  let font = fonts.get(weight);
  if (!font) {
    const file = readFileSync(require.resolve(`@fontsource/montserrat/files/montserrat-latin-${weight}-normal.woff`));
    font = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    fonts.set(weight, font);
  }
  return font;
}

/** Up to two capital letters from a name: 'Banco del Pacífico Sur' → 'BP'. */
export function initials(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/\s+/)
    .filter((word) => word.length > 2 || /^[A-Z]/.test(word))
    .filter((word) => !['de', 'del', 'la', 'las', 'los', 'y'].includes(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .filter((letter) => /^[A-Z]$/.test(letter))
    .join('');
}

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
const mix = (from: Rgb, to: Rgb, t: number): Rgb => from.map((channel, i) => Math.round(channel + (to[i]! - channel) * t)) as unknown as Rgb;
const WHITE_RGB: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39];

/** `text` as one SVG path, `size` px high, its advance centred on `cx` (or starting at `x`). */
function textPath(font: opentype.Font, text: string, size: number, at: { cx: number } | { x: number }, baseline: number, tracking = 0) {
  const glyphs = font.stringToGlyphs(text);
  const scale = size / font.unitsPerEm;
  let width = 0;
  glyphs.forEach((glyph, index) => {
    width += (glyph.advanceWidth ?? 0) * scale + (index < glyphs.length - 1 ? tracking + font.getKerningValue(glyph, glyphs[index + 1]!) * scale : 0);
  });
  let x = 'cx' in at ? at.cx - width / 2 : at.x;
  const parts: string[] = [];
  glyphs.forEach((glyph, index) => {
    parts.push(glyph.getPath(x, baseline, size).toPathData(2));
    x += (glyph.advanceWidth ?? 0) * scale + tracking + (index < glyphs.length - 1 ? font.getKerningValue(glyph, glyphs[index + 1]!) * scale : 0);
  });
  return { d: parts.join(''), width };
}

const render = (svg: string, width: number) => Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng());

/**
 * A sponsor's logo: its initials set in Montserrat ExtraBold, white on a rounded square of the
 * sponsor's colour with a soft diagonal light, the letters optically centred (on the cap height).
 */
export function logoPng(name: string, color: Rgb, size = 128): Buffer {
  const letters = initials(name) || '·';
  const font = montserrat(800);
  const box = 256;
  const fontSize = letters.length === 1 ? 150 : 118;
  const capHeight = ((font.tables.os2 as { sCapHeight?: number } | undefined)?.sCapHeight ?? 700) / font.unitsPerEm;
  const mark = textPath(font, letters, fontSize, { cx: box / 2 }, box / 2 + (capHeight * fontSize) / 2, -fontSize * 0.02);
  const light = hex(mix(color, WHITE_RGB, 0.22));
  const dark = hex(mix(color, INK, 0.18));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box}" height="${box}" viewBox="0 0 ${box} ${box}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="${box}" height="${box}" rx="${box * 0.2}" fill="url(#g)"/>
<rect x="${box * 0.08}" y="${box * 0.08}" width="${box * 0.84}" height="${box * 0.84}" rx="${box * 0.14}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="3"/>
<path d="${mark.d}" fill="#ffffff"/>
</svg>`;
  return render(svg, size);
}

/** A small deterministic generator (mulberry32) seeded from a text, so each campaign keeps its picture. */
function randomFrom(text: string) {
  let seed = 2166136261;
  for (const char of text) seed = Math.imul(seed ^ char.codePointAt(0)!, 16777619) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits a title into at most two lines that fit `max` px at `size`. */
function titleLines(font: opentype.Font, title: string, size: number, max: number): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && font.getAdvanceWidth(`${last} ${word}`, size) <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= 2 ? lines : [lines[0]!, lines.slice(1).join(' ')];
}

/** The decorative layer of a banner: one of several compositions, picked and placed by `random`. */
function shapes(random: () => number, width: number, height: number, accent: string, barY: number): string {
  const pick = Math.floor(random() * 4);
  const items: string[] = [];
  if (pick === 0) {
    // Overlapping soft circles on the right.
    for (let i = 0; i < 3; i++) {
      const r = height * (0.3 + random() * 0.35);
      items.push(`<circle cx="${width * (0.6 + random() * 0.35)}" cy="${height * (random() * 0.9)}" r="${r}" fill="#ffffff" fill-opacity="${0.08 + random() * 0.1}"/>`);
    }
  } else if (pick === 1) {
    // Diagonal bands.
    const step = width * (0.09 + random() * 0.05);
    for (let i = 0; i < 6; i++) {
      const x = width * 0.45 + i * step;
      items.push(`<path d="M${x} ${height} L${x + height * 0.8} 0 L${x + height * 0.8 + step * 0.45} 0 L${x + step * 0.45} ${height} Z" fill="#ffffff" fill-opacity="${0.05 + (i % 3) * 0.04}"/>`);
    }
  } else if (pick === 2) {
    // Concentric rings from a corner.
    const cx = width * (0.75 + random() * 0.2);
    const cy = height * (random() < 0.5 ? 0.05 : 0.95);
    for (let i = 1; i <= 6; i++) {
      items.push(`<circle cx="${cx}" cy="${cy}" r="${i * height * 0.16}" fill="none" stroke="#ffffff" stroke-opacity="${0.22 - i * 0.025}" stroke-width="${10 - i}"/>`);
    }
  } else {
    // A dotted grid and a wave.
    const gap = 26;
    for (let x = width * 0.55; x < width - 12; x += gap) {
      for (let y = 18; y < height * 0.6; y += gap) items.push(`<circle cx="${x.toFixed(1)}" cy="${y}" r="3" fill="#ffffff" fill-opacity="0.22"/>`);
    }
    const a = height * (0.55 + random() * 0.15);
    items.push(`<path d="M0 ${a} C ${width * 0.3} ${a - 70}, ${width * 0.6} ${a + 70}, ${width} ${a - 30} L${width} ${height} L0 ${height} Z" fill="#000000" fill-opacity="0.12"/>`);
  }
  items.push(`<rect x="${width * 0.07}" y="${barY}" width="${width * 0.08}" height="6" rx="3" fill="${accent}"/>`);
  return items.join('\n');
}

/**
 * A campaign's image: a gradient from `from` to `to`, a composition of shapes and the campaign's
 * title in Montserrat SemiBold. Everything but the colours is derived from the title, so the same
 * campaign always gets the same image and two campaigns rarely look alike.
 */
export function bannerPng(from: Rgb, to: Rgb, title = '', width = 640, height = 240): Buffer {
  const random = randomFrom(`${title}|${from.join(',')}|${to.join(',')}`);
  const angle = Math.floor(random() * 4);
  const [x2, y2] = [
    [1, 1],
    [1, 0],
    [0, 1],
    [1, 0.4],
  ][angle]!;
  const font = montserrat(600);
  const size = 36;
  const lines = title ? titleLines(font, title, size, width * 0.8) : [];
  // The bar and the title sit in the middle band, which a wide card's `cover` crop keeps.
  const block = 6 + 16 + size + (lines.length - 1) * size * 1.18;
  const top = (height - block) / 2;
  const baseline = top + 6 + 16 + size * 0.8;
  const text = lines
    .map((line, index) => `<path d="${textPath(font, line, size, { x: width * 0.07 }, baseline + index * size * 1.18).d}" fill="#ffffff"/>`)
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.28"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${shapes(random, width, height, hex(mix(to, WHITE_RGB, 0.55)), top)}
<rect width="${width}" height="${height}" fill="url(#shade)"/>
${text}
</svg>`;
  // Opaque: kept as RGB, each row filtered, so a smooth gradient stays well under 60 KB.
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  const rgba = image.pixels;
  const rgb = Buffer.alloc(image.width * image.height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) rgb.set(rgba.subarray(i, i + 3), j);
  return encodeRows(image.width, image.height, 3, rgb);
}
