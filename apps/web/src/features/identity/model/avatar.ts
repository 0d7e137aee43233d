/** The avatar initial: the name's first letter upper-cased, '?' when there is no name. */
export function avatarInitial(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}

/** A generated placeholder image (an SVG data URL) for a missing or broken avatar. */
export function placeholderAvatar(name: string | null | undefined): string {
  const initial = avatarInitial(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f7a56"/><stop offset="1" stop-color="#0f3d2e"/></linearGradient></defs><rect width="96" height="96" fill="url(#g)"/><text x="48" y="60" font-family="system-ui,sans-serif" font-size="40" font-weight="600" fill="#f2c14e" text-anchor="middle">${initial.replace(/[<&>"']/g, '')}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Avatar picker constants (spec section 9). */
export const AVATAR_CROP = {
  aspectRatio: 1,
  debounceMs: 500,
  wheelZoomRatio: 0.1,
  transitionMs: 350,
  minCropPx: 20,
  maxDisplayPx: 1024,
  fileName: 'avatar.jpg',
  outputPx: 512,
} as const;
