import { useEffect, useRef, useState } from 'react';
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { useQueryClient } from '@tanstack/react-query';
import { Messages } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { UploadIcon } from '@/components/ui/icons';
import { modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { usePrivateImage } from '@/lib/private-image';
import { profileQueryKey, useProfile } from '@/lib/profile';
import { uploadAvatar } from '../api/upload-avatar';
import { AVATAR_CROP } from '../model/avatar';

/** Scales a picked image so its longer side is at most 1024 px before cropping (spec section 9). */
async function displayableUrl(file: File): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, AVATAR_CROP.maxDisplayPx / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) {
      bitmap.close();
      return URL.createObjectURL(file);
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    return URL.createObjectURL(blob ?? file);
  } catch {
    return URL.createObjectURL(file);
  }
}

function cropToJpeg(cropper: Cropper): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      const canvas = cropper.getCroppedCanvas({
        width: AVATAR_CROP.outputPx,
        height: AVATAR_CROP.outputPx,
        fillColor: '#fff',
        imageSmoothingQuality: 'high',
      });
      if (!canvas) return resolve(null);
      canvas.toBlob((blob) => resolve(blob), 'image/jpeg', 0.9);
    } catch {
      resolve(null);
    }
  });
}

export default function UpdateAvatarModal() {
  const { data: profile } = useProfile();
  const existing = usePrivateImage(profile?.avatar);
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const cropperRef = useRef<Cropper | null>(null);
  const [fileName, setFileName] = useState('');
  const [sourceUrl, setSourceUrl] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // Build the cropper over the picked image; every crop change regenerates the JPEG preview.
  useEffect(() => {
    const img = imageRef.current;
    if (!sourceUrl || !img) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let previewUrl: string | null = null;
    const refreshPreview = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const cropper = cropperRef.current;
        if (!cropper) return;
        const blob = await cropToJpeg(cropper);
        if (!blob) return;
        if (previewUrl) URL.revokeObjectURL(previewUrl);
        previewUrl = URL.createObjectURL(blob);
        setPreview(previewUrl);
      }, AVATAR_CROP.debounceMs);
    };
    try {
      cropperRef.current = new Cropper(img, {
        aspectRatio: AVATAR_CROP.aspectRatio,
        viewMode: 1,
        dragMode: 'move',
        autoCropArea: 0.9,
        background: false,
        wheelZoomRatio: AVATAR_CROP.wheelZoomRatio,
        minCropBoxWidth: AVATAR_CROP.minCropPx,
        minCropBoxHeight: AVATAR_CROP.minCropPx,
        ready: refreshPreview,
        crop: refreshPreview,
      });
    } catch (error) {
      // cropperjs throws when the container has no room yet; the next pick retries.
      if (!(error instanceof Error && error.message.includes('impossible to fit'))) console.error(error);
    }
    return () => {
      clearTimeout(timer);
      cropperRef.current?.destroy();
      cropperRef.current = null;
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    };
  }, [sourceUrl]);

  useEffect(
    () => () => {
      if (sourceUrl) URL.revokeObjectURL(sourceUrl);
    },
    [sourceUrl],
  );

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setPreview(null);
    setSourceUrl(await displayableUrl(file));
  };

  const onUpload = async () => {
    const cropper = cropperRef.current;
    if (!cropper || !preview) return;
    setUploading(true);
    modal.setBlocked(true);
    try {
      const jpeg = await cropToJpeg(cropper);
      if (!jpeg) return; // nothing to send: the loading flag is cleared below
      await uploadAvatar(jpeg);
      toast.success(Messages.avatarUploaded);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      modal.setBlocked(false);
      modal.forceClose();
    } catch (error) {
      console.error('Avatar upload failed', error);
      toast.error(Messages.uploadFailed);
    } finally {
      setUploading(false);
      modal.setBlocked(false);
    }
  };

  const showExisting = !preview && !!profile?.avatar && !!existing.src;
  const previewSrc = preview ?? (showExisting ? existing.src : null);

  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-2">
        <div className="size-28 overflow-hidden rounded-full bg-slate-100 ring-4 ring-brand-50">
          {previewSrc ? (
            <img
              src={previewSrc}
              alt={showExisting ? 'Existing avatar' : 'Avatar preview'}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-slate-300">
              <UploadIcon size={32} />
            </div>
          )}
        </div>
        <p className="text-sm font-medium text-slate-600">
          {showExisting ? 'Existing Avatar' : 'Avatar Preview'}
        </p>
      </div>

      {sourceUrl && (
        <div className="h-64 overflow-hidden rounded-xl bg-slate-900 sm:h-72">
          <img ref={imageRef} src={sourceUrl} alt="Picked image" className="block max-w-full" />
        </div>
      )}

      <div className="flex items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          // The visible 'Choose File' button opens it; it is named for a screen reader that finds it.
          aria-label="Avatar image file"
          tabIndex={-1}
          data-testid="avatar-file"
          onChange={(e) => void onPick(e.target.files?.[0])}
        />
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={uploading}>
          Choose File
        </Button>
        <span className="min-w-0 truncate text-sm text-slate-500">{fileName || 'No file chosen'}</span>
      </div>

      <Button
        block
        size="lg"
        onClick={() => void onUpload()}
        disabled={!preview || uploading}
        loading={uploading}
        loadingText="Uploading..."
      >
        Upload Avatar
      </Button>
    </div>
  );
}
