import { useEffect, useRef, useState } from 'react';
import { Messages } from '@imali/contract';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast';

export const COPY_INDICATOR_MS = 2000;

/** Copies `text`; toasts '{label} has copied' or the failure message; shows a tick for 2 s. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    if (!text) return;
    const ok = await copyText(text);
    if (!ok) {
      toast.error(Messages.copyFailed);
      return;
    }
    toast.success(`${label} has copied`);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
  };

  return (
    <button
      type="button"
      onClick={onCopy}
      aria-label={`Copy ${label}`}
      className={cn(
        'inline-flex items-center justify-center rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-brand-600',
        copied && 'text-brand-600',
        className,
      )}
    >
      {copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />}
    </button>
  );
}
