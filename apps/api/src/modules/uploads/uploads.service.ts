import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode, MAX_IMAGE_BYTES, Messages } from '@imali/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as repo from './uploads.repository';

export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PDF_MIME = 'application/pdf';
/** Every type a stored file is served as (the published document lists them). */
export const FILE_TYPES = [...IMAGE_MIMES, PDF_MIME] as const;
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

const HOUR_MS = 60 * 60 * 1000;
const MIB = 1024 * 1024;

/** The per-client limits of configuration: files per rolling hour and bytes stored. */
export function uploadLimitsOf(config: Config) {
  return {
    perHour: config.UPLOAD_RATE_PER_HOUR,
    quotaBytes: Math.floor(config.UPLOAD_QUOTA_MB * MIB),
    quotaText: `${Number.isInteger(config.UPLOAD_QUOTA_MB) ? config.UPLOAD_QUOTA_MB : config.UPLOAD_QUOTA_MB.toFixed(2)}MB`,
  };
}

export const tooManyUploads = (perHour: number, retryAfterSeconds: number) =>
  new DomainError(
    ErrorCode.RateLimited,
    `You can upload up to ${perHour} files an hour. Please try again later.`,
    429,
    { 'retry-after': String(retryAfterSeconds) },
  );

export const storageFull = (quotaText: string) =>
  new DomainError(
    ErrorCode.LimitExceeded,
    `Your uploads have reached the ${quotaText} storage limit. Files that are not in use are removed after a day.`,
    413,
  );

/**
 * Refuses when one more file of `addBytes` would take the client over its hourly count or its
 * storage quota. Binding only inside the transaction that holds lockClientUploads.
 */
async function assertWithinLimits(ctx: AppContext, db: Db, clientId: number, addBytes: number) {
  const limits = uploadLimitsOf(ctx.config);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - HOUR_MS);
  const usage = await repo.usageOf(db, clientId, since);
  if (usage.recent >= limits.perHour) {
    // A slot frees when the upload that put the client at its limit leaves the hour.
    const nth = await repo.nthUploadSince(db, clientId, since, usage.recent - limits.perHour + 1);
    const freeAt = (nth?.getTime() ?? now.getTime()) + HOUR_MS;
    throw tooManyUploads(limits.perHour, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }
  if (usage.bytes + addBytes > limits.quotaBytes) throw storageFull(limits.quotaText);
}

/**
 * What would be stored for these bytes. The type is sniffed from the bytes (the name and declared
 * type are ignored): JPEG, PNG or WebP, and PDF only when `allowPdf`. Images are re-encoded in
 * their own format after applying the EXIF orientation, which drops every metadata block
 * (location, camera, thumbnails) and anything hidden after the image data.
 */
export async function prepareUpload(
  bytes: Buffer,
  allowPdf = false,
): Promise<{ mime: string; content: Buffer }> {
  if (bytes.length > MAX_IMAGE_BYTES) throw fileTooLarge();
  if (bytes.length === 0) throw unsupportedFile();
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (mime === PDF_MIME && allowPdf) return { mime, content: bytes };
  if (mime && (IMAGE_MIMES as readonly string[]).includes(mime)) {
    return { mime, content: await reencode(bytes, mime as (typeof IMAGE_MIMES)[number]) };
  }
  throw unsupportedFile();
}

/**
 * Stores a client's file privately (see prepareUpload for what is accepted), within the client's
 * limits: UPLOAD_RATE_PER_HOUR files per rolling hour (429) and UPLOAD_QUOTA_MB of storage (413).
 * The limits are checked and the row inserted in one transaction under a per-client advisory
 * lock, so a burst of parallel uploads cannot all pass the count before any of them is inserted.
 */
export async function acceptUpload(
  ctx: AppContext,
  input: { ownerClientId: number; purpose: string; bytes: Buffer; allowPdf?: boolean },
): Promise<AcceptedUpload> {
  if (input.bytes.length > MAX_IMAGE_BYTES) throw fileTooLarge();
  // Cheap early answer (no lock) for a client already at a limit, before the image work.
  await assertWithinLimits(ctx, ctx.db, input.ownerClientId, 0);
  const { mime, content } = await prepareUpload(input.bytes, input.allowPdf);
  const row = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await repo.lockClientUploads(tx, input.ownerClientId);
    await assertWithinLimits(ctx, tx, input.ownerClientId, content.length);
    return repo.insertUpload(tx, {
      ownerClientId: input.ownerClientId,
      purpose: input.purpose,
      mime,
      sizeBytes: content.length,
      content,
      createdAt: ctx.clock.now(),
    });
  });
  return { id: row.id, url: fileUrl(row.id), mime: row.mime, sizeBytes: row.sizeBytes };
}

async function reencode(bytes: Buffer, mime: (typeof IMAGE_MIMES)[number]): Promise<Buffer> {
  // Loaded with the first upload, not at every start (a native addon: 30-50 ms; decision 0037).
  const { default: sharp } = await import('sharp');
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

/** An upload nothing refers to is deleted once it is this old (a day to finish a KYC form). */
export const ORPHAN_AFTER_MS = 24 * HOUR_MS;

/**
 * Deletes up to `batch` uploads older than ORPHAN_AFTER_MS that no avatar, KYC submission,
 * deposit or application's evidence refers to, and returns how many. Run by the `uploads.orphans` job (src/jobs) under its
 * advisory lock; running it again finds nothing more to delete.
 */
export async function deleteOrphanUploads(ctx: AppContext, batch = 1000): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - ORPHAN_AFTER_MS);
  return (await repo.deleteUnreferencedBefore(ctx.db, before, batch)).length;
}

/**
 * The Content-Disposition a stored file is served with: images inline (the app shows them),
 * anything else (a PDF proof of payment, stored as sent) as a download, never rendered by the
 * browser on our origin.
 */
export function contentDispositionOf(file: { id: string; mime: string }): string {
  if ((IMAGE_MIMES as readonly string[]).includes(file.mime)) return 'inline';
  const extension = file.mime === PDF_MIME ? '.pdf' : '';
  return `attachment; filename="${file.id}${extension}"`;
}
