/**
 * What a PNG file's header says of its pixels, to hold store images to what the Chrome Web Store
 * takes: 24-bit PNG without alpha (colour type 2 at 8 bits, and no `tRNS` chunk that would make a
 * colour transparent).
 */
import { readFile } from 'node:fs/promises';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR's colour type for truecolour without alpha. */
const TRUECOLOUR = 2;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** A `tRNS` chunk: some colour is transparent even without an alpha channel. */
  transparency: boolean;
}

export function parsePngHeader(bytes: Buffer): PngHeader {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('a PNG file without IHDR first');
  const header = {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitDepth: bytes.readUInt8(24),
    colourType: bytes.readUInt8(25),
    transparency: false,
  };
  // Chunks: length (4), type (4), data, CRC (4); tRNS must come before the first IDAT.
  for (let offset = 8; offset + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'tRNS') header.transparency = true;
    if (type === 'IDAT' || type === 'IEND') break;
    offset += 12 + length;
  }
  return header;
}

/** Throws unless the file is a 24-bit PNG without alpha of exactly `width` × `height`. */
export async function assertOpaquePng(file: string, size: { width: number; height: number }): Promise<PngHeader> {
  const header = parsePngHeader(await readFile(file));
  const problems = [
    header.width !== size.width || header.height !== size.height
      ? `is ${header.width}×${header.height}, not ${size.width}×${size.height}`
      : '',
    header.colourType !== TRUECOLOUR || header.bitDepth !== 8
      ? `has colour type ${header.colourType} at ${header.bitDepth} bits, not 24-bit RGB (type 2 at 8 bits)`
      : '',
    header.transparency ? 'has a tRNS (transparency) chunk' : '',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`${file} ${problems.join('; ')}`);
  return header;
}
