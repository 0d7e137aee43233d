import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ErrorCode, MAX_IMAGE_BYTES, Messages } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as repo from './uploads.repository';

export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PDF_MIME = 'application/pdf';
// A decompression bomb guard well above any phone camera (a 48 MP photo is 48e6 pixels).
const MAX_INPUT_PIXELS = 100_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const unsupportedFile = () => new DomainError(ErrorCode.UnsupportedFile, Messages.onlyImages, 415);
export const fileTooLarge = () => new DomainError(ErrorCode.FileTooLarge, Messages.imageTooLarge, 413);

export const fileUrl = (id: string) => `/api/files/${id}`;

/** The upload id inside a `/api/files/<id>` URL (absolute or relative), or undefined. */
export function uploadIdFromUrl(url: string): string | undefined {
  let pathname = url.trim();
  try {
    pathname = new URL(pathname, 'http://x').pathname;
  } catch {
    return undefined;
  }
  const match = /^\/api\/files\/([^/]+)$/.exec(pathname);
  return match && UUID.test(match[1]!) ? match[1]!.toLowerCase() : undefined;
}

export interface AcceptedUpload {
  id: string;
  url: string;
  mime: string;
  sizeBytes: number;
}

/**
 * Stores a client's file privately. The type is sniffed from the bytes (the name and declared
 * type are ignored): JPEG, PNG or WebP, and PDF only when `allowPdf`. Images are re-encoded in
 * their own format after applying the EXIF orientation, which drops every metadata block
 * (location, camera, thumbnails) and anything hidden after the image data.
 */
export async function acceptUpload(
  ctx: AppContext,
  input: { ownerClientId: number; purpose: string; bytes: Buffer; allowPdf?: boolean },
): Promise<AcceptedUpload> {
  if (input.bytes.length > MAX_IMAGE_BYTES) throw fileTooLarge();
  if (input.bytes.length === 0) throw unsupportedFile();
  const sniffed = await fileTypeFromBuffer(input.bytes);
  const mime = sniffed?.mime;
  let content: Buffer;
  if (mime === PDF_MIME && input.allowPdf) {
    content = input.bytes;
  } else if (mime && (IMAGE_MIMES as readonly string[]).includes(mime)) {
    content = await reencode(input.bytes, mime as (typeof IMAGE_MIMES)[number]);
  } else {
    throw unsupportedFile();
  }
  const row = await repo.insertUpload(ctx.db, {
    ownerClientId: input.ownerClientId,
    purpose: input.purpose,
    mime: mime,
    sizeBytes: content.length,
    content,
    createdAt: ctx.clock.now(),
  });
  return { id: row.id, url: fileUrl(row.id), mime: row.mime, sizeBytes: row.sizeBytes };
}

async function reencode(bytes: Buffer, mime: (typeof IMAGE_MIMES)[number]): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (mime === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    if (mime === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    return await image.webp({ quality: 90 }).toBuffer();
  } catch {
    // Right magic bytes, broken image: not something we will store or serve.
    throw unsupportedFile();
  }
}

/** The file for its owner; anyone else (and unknown or malformed ids) gets the same 404. */
export async function readOwnFile(ctx: AppContext, id: string, clientId: number) {
  if (!UUID.test(id)) throw notFound();
  const row = await repo.findUpload(ctx.db, id.toLowerCase());
  if (!row || row.ownerClientId !== clientId) throw notFound();
  return row;
}

/** Operators may read any file (ops API, operator token). */
export async function readFileForOperator(ctx: AppContext, id: string) {
  if (!UUID.test(id)) throw notFound();
  const row = await repo.findUpload(ctx.db, id.toLowerCase());
  if (!row) throw notFound();
  return row;
}

/** The upload id behind `url` when it is one of the client's own uploads of `purposes`. */
export async function ownUploadIdFromUrl(
  ctx: AppContext,
  clientId: number,
  url: string,
  purposes: readonly string[],
): Promise<string | undefined> {
  const id = uploadIdFromUrl(url);
  if (!id) return undefined;
  const row = await repo.findOwnedMeta(ctx.db, id, clientId);
  return row && purposes.includes(row.purpose) ? row.id : undefined;
}
