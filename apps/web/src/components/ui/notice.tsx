import type { AriaRole, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

export type NoticeTone = 'info' | 'warning' | 'error' | 'success';

const TONES: Record<NoticeTone, string> = {
  info: 'bg-slate-50 text-slate-700',
  warning: 'bg-amber-50 text-amber-800',
  error: 'bg-red-50 text-red-700',
  success: 'bg-green-50 text-green-800',
};

/**
 * A soft box that says something about what is around it: why a form cannot be sent (warning),
 * what went wrong (error, announced), what a status means (info, success). `role` defaults to
 * `alert` for warnings and errors and `note` otherwise; a message that appears while the client
 * types should say `status`.
 */
export function Notice({
  tone = 'info',
  role,
  children,
  className,
  testId,
}: {
  tone?: NoticeTone;
  role?: AriaRole;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = tone === 'info' ? InfoIcon : tone === 'success' ? CheckCircleIcon : AlertIcon;
  return (
    <div
      role={role ?? (tone === 'warning' || tone === 'error' ? 'alert' : 'note')}
      data-testid={testId}
      data-tone={tone}
      className={cn('flex items-start gap-2 rounded-xl px-3.5 py-3 text-sm', TONES[tone], className)}
    >
      <Icon size={17} className="mt-px shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
