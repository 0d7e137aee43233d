import { envelope, Messages, uploadResult } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import * as clients from '../client/client.service';
import { readUploadedFile } from './multipart';
import { acceptUpload } from './uploads.service';

const tags = ['uploads'];

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
