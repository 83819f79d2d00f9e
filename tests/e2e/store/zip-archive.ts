import { readFile } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads every file of a zip archive into memory, through its central directory (the index a store
 * reads too), checking each file's CRC-32. Enough for the packages `wxt zip` writes: no ZIP64, no
 * encryption, stored or deflated entries. Anything else is refused rather than misread.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes, followed by a comment of at most 65,535 bytes. */
const END_RECORD_SIZE = 22;
const MAX_COMMENT_SIZE = 0xffff;

export type ZipEntries = Map<string, Buffer>;

export async function readZip(file: string): Promise<ZipEntries> {
  const zip = await readFile(file);
  const end = findEndRecord(zip, file);
  const entryCount = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) throw new Error(`${file}: ZIP64 is not supported`);

  const entries: ZipEntries = new Map();
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error(`${file}: broken central directory`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const expectedCrc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if ((flags & 1) !== 0) throw new Error(`${file}: ${name} is encrypted`);
    if (zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new Error(`${file}: ${name} has no local header`);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (name.endsWith('/')) continue;
    const content = method === STORED ? Buffer.from(data) : method === DEFLATED ? inflateRawSync(data) : undefined;
    if (content === undefined) throw new Error(`${file}: ${name} uses compression method ${method}`);
    if (content.length !== size || crc32(content) !== expectedCrc) throw new Error(`${file}: ${name} is corrupt`);
    entries.set(name, content);
  }
  return entries;
}

function findEndRecord(zip: Buffer, file: string): number {
  const earliest = Math.max(0, zip.length - END_RECORD_SIZE - MAX_COMMENT_SIZE);
  for (let at = zip.length - END_RECORD_SIZE; at >= earliest; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new Error(`${file} is not a zip archive`);
}
