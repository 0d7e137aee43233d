import type { FastifyRequest } from 'fastify';
import { envelope, ErrorCode, Messages, uploadResult } from '@imali/contract';
import type { AppInstance } from '../../app';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import * as clients from '../client/client.service';
import { acceptUpload, fileTooLarge } from './uploads.service';

const tags = ['uploads'];

/**
 * Reads the multipart field `file` into memory, at most MAX_IMAGE_BYTES (the multipart plugin
 * stops the stream and throws at the limit, so a huge body is never buffered whole).
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw mapMultipartError(err);
  }
  if (!part || part.fieldname !== 'file') {
    throw new DomainError(ErrorCode.InvalidInput, 'Please choose a file to upload.', 400);
  }
  try {
    return await part.toBuffer();
  } catch (err) {
    throw mapMultipartError(err);
  }
}

function mapMultipartError(err: unknown): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return code === 'FST_REQ_FILE_TOO_LARGE'
      ? fileTooLarge()
      : new DomainError(ErrorCode.InvalidInput, 'Send one file in the field "file".', 400);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new DomainError(ErrorCode.InvalidInput, 'Please choose a file to upload.', 400);
  }
  return err instanceof Error ? err : new Error(String(err));
}

const multipartSchema = {
  consumes: ['multipart/form-data'],
  response: { 200: envelope(uploadResult) },
} as const;

export async function uploadRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/client/app/v1/image',
    { schema: { tags, summary: 'Upload an image (multipart field "file")', ...multipartSchema } },
    async (request) => {
      const { clientId } = principalOf(request);
      const bytes = await readUploadedFile(request);
      const upload = await acceptUpload(ctx, { ownerClientId: clientId, purpose: 'image', bytes });
      return ok({ url: upload.url });
    },
  );

  app.post(
    '/client/app/v1/avatar',
    { schema: { tags, summary: 'Upload the avatar (multipart field "file")', ...multipartSchema } },
    async (request) => {
      const { clientId } = principalOf(request);
      const bytes = await readUploadedFile(request);
      const upload = await acceptUpload(ctx, { ownerClientId: clientId, purpose: 'avatar', bytes });
      await clients.setAvatar(ctx, clientId, upload.id);
      return ok({ url: upload.url }, Messages.avatarUploaded);
    },
  );
}
