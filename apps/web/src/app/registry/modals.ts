import { lazy } from 'react';
import { modal } from '@/components/ui/modal';

/**
 * Modals opened by name (`modal.openNamed(name, props)`), for a modal one feature owns and
 * another must open (e.g. 'verify-pin'). Register here with `modal.register(name, options)`.
 */
export function registerNamedModals(): void {
  void modal;
  modal.register('verify-pin', {
    title: 'Verify Your PIN',
    content: lazy(() => import('@/features/wallet/components/verify-pin-modal')),
  });
  modal.register('fund-transfer', {
    title: 'Fund Transfer',
    content: lazy(() => import('@/features/wallet/components/fund-transfer-modal')),
  });
}
