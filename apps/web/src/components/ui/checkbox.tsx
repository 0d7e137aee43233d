import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export function Checkbox({
  label,
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; ref?: Ref<HTMLInputElement> }) {
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-start gap-2.5 text-sm text-slate-700 select-none',
        className,
      )}
    >
      <input
        ref={ref}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 disabled:cursor-not-allowed"
        {...props}
      />
      <span>{label}</span>
    </label>
  );
}
