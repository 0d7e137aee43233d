import { useState } from 'react';
import { Messages } from '@imali/contract';
import { ImageIcon, ShieldIcon } from '@/components/ui/icons';
import { KeyValueSection } from '@/components/ui/key-value-section';
import { DetailCardSkeleton, Skeleton } from '@/components/ui/skeleton';
import { usePrivateImage } from '@/lib/private-image';
import { useKycDetail } from '../api/kyc-detail';
import { formatDateTime } from '../model/format';

function IdImage({ url, label }: { url: string; label: string }) {
  const { src, failed } = usePrivateImage(url || null);
  const [broken, setBroken] = useState(false);
  const showPlaceholder = !url || failed || broken;
  return (
    <figure className="space-y-2">
      <figcaption className="text-xs font-semibold text-slate-500">{label}</figcaption>
      <div className="flex aspect-[8/5] items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        {showPlaceholder ? (
          <div className="flex flex-col items-center gap-1 text-slate-400" data-testid="image-placeholder">
            <ImageIcon size={28} />
            <span className="text-xs">Image not available</span>
          </div>
        ) : src ? (
          <img src={src} alt={label} onError={() => setBroken(true)} className="size-full object-cover" />
        ) : (
          <Skeleton className="size-full rounded-none" />
        )}
      </div>
    </figure>
  );
}

export function KycDetailsModal() {
  const { data, isPending, isError } = useKycDetail();
  if (isPending) return <DetailCardSkeleton rows={5} />;
  if (isError || !data) {
    return (
      <p className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
        {Messages.kycLoadFailed}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <KeyValueSection
        title="Personal Information"
        rows={[
          { label: 'Full Name', value: data.full_name },
          { label: 'ID Number', value: data.id_no },
          { label: 'Mobile', value: data.mobile },
          { label: 'Submitted On', value: formatDateTime(data.create_datetime) },
          { label: 'Approved On', value: data.status === 'approved' ? formatDateTime(data.check_time) : '-' },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <IdImage url={data.id_front_url} label="ID Front" />
        <IdImage url={data.id_back_url} label="ID Back" />
      </div>
      <p className="flex gap-2 rounded-xl bg-brand-50 px-3 py-2.5 text-xs leading-relaxed text-brand-700">
        <ShieldIcon size={16} className="mt-0.5 shrink-0" />
        Your personal data is confidential and protected. Imali does not disclose it to third parties without
        your consent, except where required by law.
      </p>
    </div>
  );
}
