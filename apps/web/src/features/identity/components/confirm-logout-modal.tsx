import type { QueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { modal } from '@/components/ui/modal';
import { logout } from '../model/logout';

export function ConfirmLogoutModal({
  queryClient,
  navigate,
}: {
  queryClient: QueryClient;
  navigate: (to: string) => void;
}) {
  return (
    <div>
      <p className="text-slate-600">Are you sure you want to log out now?</p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button variant="outline" onClick={() => void modal.close()}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void logout({ queryClient, navigate })}>
          Logout
        </Button>
      </div>
    </div>
  );
}
