import { cn } from '@/lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200/80', className)} />;
}

/** Placeholder for a detail card: a title line and label/value rows. */
export function DetailCardSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <Skeleton className="h-5 w-40" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center justify-between gap-6">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-36" />
        </div>
      ))}
    </div>
  );
}

/** Placeholder for label/value lines (a fee preview while it loads). */
export function LinesSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-2 py-1" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex justify-between">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

/**
 * Placeholder for a product drawer while its offering loads: a badge line, the name, the detail
 * card, and the order form's column beside it (the drawers' two-column grid).
 */
export function ProductDrawerSkeleton({
  rows = 6,
  priceCard = false,
}: {
  rows?: number;
  priceCard?: boolean;
}) {
  return (
    <div className="mx-auto grid max-w-5xl gap-5 lg:grid-cols-[1fr_23rem]" role="status" aria-label="Loading">
      <div className="space-y-4">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-8 w-64" />
        {priceCard && <Skeleton className="h-28 w-full rounded-2xl" />}
        <DetailCardSkeleton rows={rows} />
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}
