import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(paths: React.ReactNode, displayName: string) {
  const Icon = ({ size = 20, ...props }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {paths}
    </svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

export const SearchIcon = /*#__PURE__*/ make(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
  'SearchIcon',
);
export const CloseIcon = /*#__PURE__*/ make(<path d="M18 6 6 18M6 6l12 12" />, 'CloseIcon');
export const EyeIcon = /*#__PURE__*/ make(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
  'EyeIcon',
);
export const EyeOffIcon = /*#__PURE__*/ make(
  <>
    <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" />
  </>,
  'EyeOffIcon',
);
export const CopyIcon = /*#__PURE__*/ make(
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
  'CopyIcon',
);
export const CheckIcon = /*#__PURE__*/ make(<path d="M20 6 9 17l-5-5" />, 'CheckIcon');
export const HomeIcon = /*#__PURE__*/ make(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
  </>,
  'HomeIcon',
);
export const ChartIcon = /*#__PURE__*/ make(
  <>
    <path d="M3 3v18h18" />
    <path d="m7 14 4-4 3 3 5-6" />
  </>,
  'ChartIcon',
);
export const CompassIcon = /*#__PURE__*/ make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </>,
  'CompassIcon',
);
export const BriefcaseIcon = /*#__PURE__*/ make(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
  'BriefcaseIcon',
);
export const UserIcon = /*#__PURE__*/ make(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
  'UserIcon',
);
export const ChevronRightIcon = /*#__PURE__*/ make(<path d="m9 6 6 6-6 6" />, 'ChevronRightIcon');
export const ChevronLeftIcon = /*#__PURE__*/ make(<path d="m15 6-6 6 6 6" />, 'ChevronLeftIcon');
export const LogoutIcon = /*#__PURE__*/ make(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l-5-5 5-5M5 12h11" />
  </>,
  'LogoutIcon',
);
export const LockIcon = /*#__PURE__*/ make(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
  'LockIcon',
);
export const ShieldIcon = /*#__PURE__*/ make(
  <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z" />,
  'ShieldIcon',
);
export const BankIcon = /*#__PURE__*/ make(
  <>
    <path d="M3 10 12 4l9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18" />
  </>,
  'BankIcon',
);
export const UploadIcon = /*#__PURE__*/ make(
  <>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </>,
  'UploadIcon',
);
export const ImageIcon = /*#__PURE__*/ make(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </>,
  'ImageIcon',
);
export const TransferIcon = /*#__PURE__*/ make(<path d="M7 7h13l-4-4M17 17H4l4 4" />, 'TransferIcon');
export const WalletIcon = /*#__PURE__*/ make(
  <>
    <path d="M4 7a2 2 0 0 1 2-2h12v4" />
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <circle cx="16" cy="13.5" r="1.2" />
  </>,
  'WalletIcon',
);
export const ClockIcon = /*#__PURE__*/ make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
  'ClockIcon',
);
export const InfoIcon = /*#__PURE__*/ make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
  'InfoIcon',
);
export const AlertIcon = /*#__PURE__*/ make(
  <>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
  'AlertIcon',
);
export const CheckCircleIcon = /*#__PURE__*/ make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
  'CheckCircleIcon',
);
export const XCircleIcon = /*#__PURE__*/ make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
  'XCircleIcon',
);
export const IdCardIcon = /*#__PURE__*/ make(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16a3 3 0 0 1 6 0M14 10h4M14 13h3" />
  </>,
  'IdCardIcon',
);
export const PieIcon = /*#__PURE__*/ make(
  <>
    <path d="M21 12A9 9 0 1 1 12 3v9h9Z" />
  </>,
  'PieIcon',
);
export const LayersIcon = /*#__PURE__*/ make(
  <>
    <path d="m12 3 9 5-9 5-9-5 9-5Z" />
    <path d="m3 13 9 5 9-5" />
  </>,
  'LayersIcon',
);
export const HistoryIcon = /*#__PURE__*/ make(
  <>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 8v4l3 2" />
  </>,
  'HistoryIcon',
);
export const FileIcon = /*#__PURE__*/ make(
  <>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8l-5-5Z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </>,
  'FileIcon',
);
export const ReceiptIcon = /*#__PURE__*/ make(
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
    <path d="M9 8h6M9 12h6" />
  </>,
  'ReceiptIcon',
);
export const KeyIcon = /*#__PURE__*/ make(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3" />
  </>,
  'KeyIcon',
);

const byName: Record<string, ReturnType<typeof make>> = {
  home: HomeIcon,
  chart: ChartIcon,
  compass: CompassIcon,
  briefcase: BriefcaseIcon,
  user: UserIcon,
  pie: PieIcon,
  layers: LayersIcon,
  clock: ClockIcon,
  history: HistoryIcon,
  file: FileIcon,
  receipt: ReceiptIcon,
};

/** Icons named by the server menu (`meta.icon`); unknown names fall back to a dot-free file icon. */
export function MenuIcon({ name, ...props }: IconProps & { name: string }) {
  const Icon = byName[name] ?? FileIcon;
  return <Icon {...props} />;
}
