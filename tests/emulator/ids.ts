import { createHash, randomUUID } from 'node:crypto';

/** Namespace of the emulator's name-based ids (any fixed UUID works; this one is random). */
const NAMESPACE = Buffer.from('8f0b6c2e4d1a4b7e9c3f5a6d7e8f9a0b', 'hex');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * RFC 4122 version-5 (SHA-1, name-based) UUID. The seed derives every id from a readable name so
 * tests can rely on them across runs and machines.
 */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x50, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newId(): string {
  return randomUUID();
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
