import type { AvatarDrawerAction } from '@/features/identity/components/avatar-drawer';

/**
 * Extra rows in the avatar drawer, added by other features (e.g. a "Statements" row under
 * Profile). Each row says its section, label, icon and what happens on select.
 */
export const avatarDrawerActions: AvatarDrawerAction[] = [];
