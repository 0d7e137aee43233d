import { modal } from '@/components/ui/modal';

/**
 * Modals opened by name (`modal.openNamed(name, props)`), for a modal one feature owns and
 * another must open (e.g. 'verify-pin'). Register here with `modal.register(name, options)`.
 */
export function registerNamedModals(): void {
  void modal;
}
