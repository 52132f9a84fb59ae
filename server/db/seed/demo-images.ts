/**
 * Small PNG images for the demo data, drawn in code (no image library): a logo with the sponsor's
 * initials and a campaign banner. Encoded by hand per the PNG specification: signature, IHDR,
 * one zlib-compressed IDAT of filtered RGBA rows, IEND, each chunk with its CRC-32.
 */
import { deflateSync } from 'node:zlib';

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

/** An RGBA PNG whose pixel (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * stride + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 5×7 bitmap font for the capital letters of initials. */
const FONT: Record<string, string> = {
  A: '.###.#...##...#######...##...##...#',
  B: '####.#...##...#####.#...##...#####.',
  C: '.###.#...##....#....#....#...#.###.',
  D: '####.#...##...##...##...##...#####.',
  E: '######....#....####.#....#....#####',
  F: '######....#....####.#....#....#....',
  G: '.###.#...##....#.####...##...#.####',
  H: '#...##...##...#######...##...##...#',
  I: '.###...#....#....#....#....#...###.',
  J: '..###...#....#....#....#.#..#..##..',
  K: '#...##..#.#.#..##...#.#..#..#.#...#',
  L: '#....#....#....#....#....#....#####',
  M: '#...###.###.#.##.#.##...##...##...#',
  N: '#...##...###..##.#.##..###...##...#',
  O: '.###.#...##...##...##...##...#.###.',
  P: '####.#...##...#####.#....#....#....',
  Q: '.###.#...##...##...##.#.##..#..##.#',
  R: '####.#...##...#####.#.#..#..#.#...#',
  S: '.#####....#.....###.....#....#####.',
  T: '#####..#....#....#....#....#....#..',
  U: '#...##...##...##...##...##...#.###.',
  V: '#...##...##...##...##...#.#.#...#..',
  W: '#...##...##...##.#.##.#.##.#.#.#.#.',
  X: '#...##...#.#.#...#...#.#.#...##...#',
  Y: '#...##...#.#.#...#....#....#....#..',
  Z: '#####....#...#...#...#...#....#####',
};

const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

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
    .filter((letter) => letter in FONT)
    .join('');
}

/** A rounded square in `color` with the initials in white: the demo sponsors' logos. */
export function logoPng(name: string, color: Rgb, size = 128): Buffer {
  const letters = initials(name) || '?';
  const scale = Math.floor(size / (letters.length === 1 ? 10 : 14));
  const gap = scale;
  const textWidth = letters.length * 5 * scale + (letters.length - 1) * gap;
  const left = Math.floor((size - textWidth) / 2);
  const top = Math.floor((size - 7 * scale) / 2);
  const radius = size * 0.18;

  const insideRoundedSquare = (x: number, y: number) => {
    const cx = Math.min(Math.max(x + 0.5, radius), size - radius);
    const cy = Math.min(Math.max(y + 0.5, radius), size - radius);
    return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius ** 2;
  };
  const onLetter = (x: number, y: number) => {
    const column = x - left;
    const row = Math.floor((y - top) / scale);
    if (column < 0 || row < 0 || row >= 7) return false;
    const index = Math.floor(column / (5 * scale + gap));
    const within = column - index * (5 * scale + gap);
    const glyph = FONT[letters[index] ?? ''];
    if (!glyph || within >= 5 * scale) return false;
    return glyph[row * 5 + Math.floor(within / scale)] === '#';
  };

  return encodePng(size, size, (x, y) => {
    if (!insideRoundedSquare(x, y)) return CLEAR;
    return onLetter(x, y) ? WHITE : [...color, 255];
  });
}

/** A diagonal gradient from `from` to `to` with two soft light circles: the campaigns' images. */
export function bannerPng(from: Rgb, to: Rgb, width = 480, height = 240): Buffer {
  const circles = [
    { x: width * 0.78, y: height * 0.3, r: height * 0.42 },
    { x: width * 0.18, y: height * 0.95, r: height * 0.35 },
  ];
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    let [r, g, b] = from.map((start, i) => Math.round(start + (to[i]! - start) * t)) as [number, number, number];
    for (const circle of circles) {
      if ((x - circle.x) ** 2 + (y - circle.y) ** 2 <= circle.r ** 2) {
        [r, g, b] = [r, g, b].map((channel) => Math.round(channel + (255 - channel) * 0.15)) as [number, number, number];
      }
    }
    return [r, g, b, 255];
  });
}
