import type { ComponentType } from 'react';

/**
 * Places in app screens that a later feature fills. Each is a lazy component or null (the screen
 * then shows an honest empty state).
 */
export const slots: {
  /** /me/profile, inside the element with id 'bank-section' (avatar drawer → Bank Accounts). */
  meBankSection: ComponentType | null;
} = {
  meBankSection: null,
};
