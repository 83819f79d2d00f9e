import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed download URLs for the `files` of media objects (the spec only says "signed download
 * URLs"). They point back at the emulator and expire after an hour of emulator time.
 */

const LIFETIME_SECONDS = 3600;

function signature(secret: string, objectId: string, name: string, expires: number): string {
  return createHmac('sha256', secret).update(`${objectId}\n${name}\n${expires}`).digest('base64url');
}

/** When a URL signed now stops working, in epoch seconds. */
export function signedFileExpiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + LIFETIME_SECONDS;
}

export function signedFileUrl(baseUrl: string, secret: string, objectId: string, name: string, nowMs: number): string {
  const expires = signedFileExpiry(nowMs);
  const sig = signature(secret, objectId, name, expires);
  return `${baseUrl}/__emulator/files/${objectId}/${encodeURIComponent(name)}?expires=${expires}&signature=${sig}`;
}

export function verifyFileSignature(
  secret: string,
  objectId: string,
  name: string,
  expires: string | undefined,
  sig: string | undefined,
  nowMs: number,
): boolean {
  const expiresAt = Number(expires);
  if (!sig || !Number.isInteger(expiresAt) || expiresAt * 1000 < nowMs) return false;
  const expected = Buffer.from(signature(secret, objectId, name, expiresAt));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Tiny stand-in bodies: a 1×1 PNG and a minimal PDF. */
export function fileBody(mimeType: string): Uint8Array<ArrayBuffer> {
  if (mimeType === 'image/png') {
    return new Uint8Array(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAeImBZsAAAAASUVORK5CYII=',
        'base64',
      ),
    );
  }
  return new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
}
