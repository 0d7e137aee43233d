import { cn } from '@/lib/cn';

function ZaFlag() {
  const y = 'M0 0 450 300 0 600M450 300H900';
  return (
    <svg viewBox="0 0 900 600" className="size-full" aria-hidden="true" preserveAspectRatio="none">
      <rect width="900" height="300" fill="#E03C31" />
      <rect y="300" width="900" height="300" fill="#001489" />
      <path d={y} stroke="#fff" strokeWidth="200" fill="none" />
      <path d={y} stroke="#007749" strokeWidth="120" fill="none" />
      <path d="M0 100 300 300 0 500Z" fill="#FFB81C" />
      <path d="M0 160 210 300 0 440Z" fill="#000" />
    </svg>
  );
}

function emojiFlag(code: string): string {
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

/** A small flag for a two-letter country code (South Africa drawn, others as emoji). */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const upper = code.toUpperCase();
  return (
    <span
      role="img"
      aria-label={`${upper} flag`}
      className={cn(
        'inline-flex h-3.5 w-5 shrink-0 overflow-hidden rounded-[3px] ring-1 ring-black/10',
        className,
      )}
    >
      {upper === 'ZA' ? <ZaFlag /> : <span className="text-[13px] leading-none">{emojiFlag(upper)}</span>}
    </span>
  );
}
