import type { FastifyRequest } from 'fastify';
import { ErrorCode, MAX_IMAGE_BYTES } from '@imali/contract';
import { DomainError } from '../../plugins/errors';
import { fileTooLarge } from './uploads.service';

/** The limits app.ts gives @fastify/multipart: one file, a few small fields, nothing else. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 20,
} as const;

export const chooseFile = () =>
  new DomainError(ErrorCode.InvalidInput, 'Please choose a file to upload.', 400);
export const sendOneFile = () =>
  new DomainError(ErrorCode.InvalidInput, 'Send one file in the field "file".', 400);

/** Errors of @fastify/multipart that mean "the form holds more, or other, than one file". */
const FORM_SHAPE_ERRORS = new Set([
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

/**
 * Reads the multipart field `file` into memory, at most MAX_IMAGE_BYTES. The one reader of every
 * upload route (image, avatar, deposit proof), so they answer alike:
 * - over the limit: 413 FILE_TOO_LARGE. The plugin stops reading at the limit, but its
 *   `toBuffer()` may return the first MAX_IMAGE_BYTES without an error (when the bytes past the
 *   limit arrive after the last chunk it read), so `file.truncated` is checked here as well;
 * - no multipart body, no boundary, broken multipart, no file: 400 "Please choose a file";
 * - the file in another field, too many fields, parts or files: 400 "Send one file ...".
 * Nothing the client sends reaches the error handler as the library's own status or text.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw chooseFile();
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw multipartError(err);
  }
  if (!part) throw chooseFile();
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw sendOneFile();
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    throw multipartError(err);
  }
  if (part.file.truncated || bytes.length > MAX_IMAGE_BYTES) throw fileTooLarge();
  return bytes;
}

function multipartError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (typeof code === 'string' && FORM_SHAPE_ERRORS.has(code)) return sendOneFile();
  // Everything else the parser raises is about the request's bytes: no or a bad boundary
  // ("Multipart: Boundary not found"), a malformed part header, a body that ends mid-part, or a
  // client that went away. None is our fault, and none says anything we should repeat.
  return chooseFile();
}
