import { cn } from '@/lib/cn';

/** The Imali mark (a rising stem in a rounded square) and wordmark. */
export function Logo({ className, light = false }: { className?: string; light?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#0f3d2e" />
        <path
          d="M8 22 14 15l4 4 6-9"
          stroke="#f2c14e"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="24" cy="10" r="2.2" fill="#f2c14e" />
      </svg>
      <span className={cn('text-xl font-bold tracking-tight', light ? 'text-white' : 'text-brand-700')}>
        Imali
      </span>
    </span>
  );
}
