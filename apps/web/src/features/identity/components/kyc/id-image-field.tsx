import { useEffect, useRef, useState } from 'react';
import { ErrorCode, Messages } from '@imali/contract';
import { Spinner } from '@/components/ui/spinner';
import { CheckCircleIcon, UploadIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/http';
import { uploadImage } from '../../api/upload-image';
import { imageFileProblem } from '../../model/kyc';

/** Picks an ID image, checks type and size, uploads it and previews it; reports the stored URL. */
export function IdImageField({
  label,
  required,
  url,
  onUploaded,
  onUploadingChange,
  error,
  testId,
}: {
  label: string;
  required?: boolean;
  url: string;
  onUploaded: (url: string) => void;
  /** Reports when an upload starts and ends (the form waits for it before submitting). */
  onUploadingChange?: (uploading: boolean) => void;
  error?: string;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    const issue = imageFileProblem(file);
    if (issue) {
      setProblem(issue);
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onUploadingChange?.(true);
    onUploaded('');
    try {
      const result = await uploadImage(file);
      if (!result.url) {
        setProblem(Messages.noImageUrl);
        return;
      }
      onUploaded(result.url);
    } catch (e) {
      const known =
        e instanceof ApiError && (e.code === ErrorCode.UnsupportedFile || e.code === ErrorCode.FileTooLarge);
      setProblem(known ? (e as ApiError).message : Messages.imageUploadFailed);
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = problem ?? error;
  return (
    <div>
      <p className="mb-2 text-sm font-medium text-slate-700">
        {label}{' '}
        {required ? (
          <span className="text-red-500">*</span>
        ) : (
          <span className="text-slate-400">(optional)</span>
        )}
      </p>
      <button
        type="button"
        onClick={() => input.current?.click()}
        className={cn(
          'relative flex aspect-[8/5] w-full items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-slate-50 transition-colors hover:border-brand-400 hover:bg-brand-50/40',
          shown ? 'border-red-300' : 'border-slate-300',
        )}
      >
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-2 text-slate-500">
            <UploadIcon size={28} className="text-brand-500" />
            <span className="text-sm font-medium">Upload {label.toLowerCase()}</span>
            <span className="text-xs text-slate-400">JPG, PNG or WebP, up to 20MB</span>
          </span>
        )}
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center bg-white/70">
            <Spinner className="size-6 text-brand-600" label="Uploading" />
          </span>
        )}
        {url && !uploading && (
          <span className="absolute top-2 right-2 flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-brand-700 shadow">
            <CheckCircleIcon size={14} /> Uploaded
          </span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        data-testid={testId}
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      {shown && (
        <p role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {shown}
        </p>
      )}
    </div>
  );
}
