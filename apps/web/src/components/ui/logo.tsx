import { cn } from '@/lib/cn';

type LogoVariant = 'default' | 'light' | 'inverse';

const MARK_COLOURS: Record<LogoVariant, { square: string; stem: string }> = {
  default: { square: '#0f3d2e', stem: '#f2c14e' },
  light: { square: '#0f3d2e', stem: '#f2c14e' },
  // On the dark brand panel the mark turns gold so it does not sink into the background.
  inverse: { square: '#f2c14e', stem: '#0f3d2e' },
};

/** The Imali mark (a rising stem in a rounded square) and wordmark. */
export function Logo({
  className,
  light = false,
  variant = light ? 'light' : 'default',
  large = false,
}: {
  className?: string;
  light?: boolean;
  variant?: LogoVariant;
  large?: boolean;
}) {
  const colours = MARK_COLOURS[variant];
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className={cn('shrink-0', large ? 'size-9' : 'size-8')} aria-hidden="true">
        <rect width="32" height="32" rx="9" fill={colours.square} />
        <path
          d="M8 22 14 15l4 4 6-9"
          stroke={colours.stem}
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        {variant !== 'inverse' && <circle cx="24" cy="10" r="2.2" fill={colours.stem} />}
      </svg>
      <span
        className={cn(
          'font-bold tracking-tight',
          large ? 'text-2xl' : 'text-xl',
          variant === 'default' ? 'text-brand-700' : 'text-white',
        )}
      >
        Imali
      </span>
    </span>
  );
}
