import { useState } from 'react';
import type { ClientProfile } from '@imali/contract';
import { usePrivateImage } from '@/lib/private-image';
import { avatarInitial, placeholderAvatar } from '../model/avatar';

/** The profile avatar; falls back to a generated placeholder when the link is empty or fails. */
export function UserAvatar({
  profile,
  size = 40,
}: {
  profile: Pick<ClientProfile, 'avatar' | 'name'> | undefined;
  size?: number;
}) {
  const { src, failed } = usePrivateImage(profile?.avatar);
  const [broken, setBroken] = useState<string | null>(null);
  const usable = src && !failed && broken !== src ? src : null;
  const style = { width: size, height: size };
  if (!profile) {
    return (
      <span style={style} className="block animate-pulse rounded-full bg-slate-200" aria-hidden="true" />
    );
  }
  return (
    <img
      src={usable ?? placeholderAvatar(profile.name)}
      alt={`${profile.name || 'User'} avatar`}
      data-initial={avatarInitial(profile.name)}
      style={style}
      onError={() => setBroken(src)}
      className="block rounded-full bg-brand-50 object-cover"
    />
  );
}
