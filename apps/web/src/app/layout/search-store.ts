import { captureOpener } from '@/components/ui/focus-return';
import { createStore } from '@/lib/create-store';

/**
 * Whether the Ctrl/Cmd+K dialog is open: null when closed, otherwise who opened it (focus returns
 * there). Apart from the dialog (in the signed-in layout's chunk) so closing every overlay, which
 * the entry bundle does, does not pull the dialog into it.
 */
export const searchOpenStore = createStore<{ opener: HTMLElement | null } | null>(null);

export const searchDialog = {
  open: () => {
    if (!searchOpenStore.get()) searchOpenStore.set({ opener: captureOpener() });
  },
  close: () => searchOpenStore.set(null),
};
