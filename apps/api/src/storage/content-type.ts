import { extname } from 'node:path';

/**
 * A stored object's content type goes into a file (disk) or a header (S3) and later into the response that serves
 * it, so it must be one printable line: anything else is a bug in the caller, refused before anything is written.
 */
export function assertContentType(contentType: string): string {
  const cleaned = contentType.trim();
  if (cleaned === '' || cleaned.length > 200 || !/^[\x20-\x7e]+$/.test(cleaned)) {
    throw new Error(`Invalid content type ${JSON.stringify(contentType.slice(0, 80))}`);
  }
  return cleaned;
}

/**
 * A type from the file name, for files stored without one: an upload whose type file went missing (copied in by
 * hand), a catalogue picture on disk. The API names files by their format.
 */
const typesByExtension: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
};

export function typeFromExtension(key: string): string {
  return typesByExtension[extname(key)] ?? 'application/octet-stream';
}
