import type { StaffDeposit } from '@imali/contract';
import { useState } from 'react';
import { cx } from '../../components/ui';

/**
 * A deposit's proof of payment, read with the staff session from its `proofUrl`. The API does not
 * say whether the upload is an image or a PDF, so the image is tried and a file the browser cannot
 * show as one (a PDF) becomes a link that opens it.
 */
export function Proof({ deposit, className }: { deposit: StaffDeposit; className?: string }) {
  const [notImage, setNotImage] = useState(false);
  if (!deposit.proofUrl) {
    return <p className="text-sm text-slate-700">No proof of payment uploaded.</p>;
  }
  if (notImage) {
    return (
      <p className="text-sm">
        <a href={deposit.proofUrl} target="_blank" rel="noreferrer" className="text-accent-700 underline">
          Open the proof of payment for {deposit.reference} (PDF)
        </a>
      </p>
    );
  }
  return (
    <figure className="space-y-1">
      <a href={deposit.proofUrl} target="_blank" rel="noreferrer" className="block">
        <img
          src={deposit.proofUrl}
          alt={`Proof of payment for ${deposit.reference}`}
          onError={() => setNotImage(true)}
          className={cx('w-full rounded border border-slate-300 bg-slate-50 object-contain', className)}
        />
      </a>
      <figcaption className="text-xs text-slate-600">
        <a href={deposit.proofUrl} target="_blank" rel="noreferrer" className="text-accent-700 underline">
          Open full size
        </a>
      </figcaption>
    </figure>
  );
}

/** A small proof in a list row: the image, or a "PDF" mark when it is not one. */
export function ProofThumbnail({ deposit }: { deposit: StaffDeposit }) {
  const [notImage, setNotImage] = useState(false);
  if (!deposit.proofUrl) return <span className="text-xs text-slate-600">no proof</span>;
  if (notImage) {
    return (
      <span className="inline-block rounded border border-slate-400 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
        PDF
      </span>
    );
  }
  return (
    <img
      src={deposit.proofUrl}
      alt={`Proof of ${deposit.reference}`}
      onError={() => setNotImage(true)}
      className="h-10 w-14 rounded border border-slate-300 bg-slate-50 object-cover"
    />
  );
}
