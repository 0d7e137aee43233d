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

function InFlag() {
  return (
    <svg viewBox="0 0 900 600" className="size-full" aria-hidden="true" preserveAspectRatio="none">
      <rect width="900" height="200" fill="#FF9933" />
      <rect y="200" width="900" height="200" fill="#fff" />
      <rect y="400" width="900" height="200" fill="#138808" />
      <circle cx="450" cy="300" r="80" fill="none" stroke="#000080" strokeWidth="18" />
      <circle cx="450" cy="300" r="16" fill="#000080" />
    </svg>
  );
}

function UsFlag() {
  return (
    <svg viewBox="0 0 1235 650" className="size-full" aria-hidden="true" preserveAspectRatio="none">
      <rect width="1235" height="650" fill="#B22234" />
      {[1, 3, 5, 7, 9, 11].map((i) => (
        <rect key={i} y={i * 50} width="1235" height="50" fill="#fff" />
      ))}
      <rect width="494" height="350" fill="#3C3B6E" />
    </svg>
  );
}

// Emoji flags do not render everywhere (Windows, headless browsers): the trading countries are drawn.
const DRAWN: Record<string, () => React.JSX.Element> = { ZA: ZaFlag, IN: InFlag, US: UsFlag };

function emojiFlag(code: string): string {
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

/** A small flag for a two-letter country code (South Africa, India, the US drawn; others as emoji). */
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
      {DRAWN[upper] ? DRAWN[upper]() : <span className="text-[13px] leading-none">{emojiFlag(upper)}</span>}
    </span>
  );
}
