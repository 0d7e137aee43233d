// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { createStore, useStore } from '@/lib/create-store';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bottomDrawer, BottomDrawerHost, CLOSE_THEN_NAVIGATE_DELAY_MS } from './bottom-drawer';
import { preloadDialogShell } from './dialog-shell';
import { modal, ModalHost } from './modal';
import { rightDrawer, RightDrawerHost } from './right-drawer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The app preloads the dialog code after its first render; here, before the first test.
await preloadDialogShell();

function Form() {
  return (
    <form>
      <input aria-label="First" />
      <input aria-label="Second" />
      <button type="button">Save</button>
    </form>
  );
}

function Path() {
  return <output aria-label="Path">{useLocation().pathname}</output>;
}

function Page({ onOpen }: { onOpen: () => void }) {
  return (
    <MemoryRouter>
      <Path />
      <button type="button" onClick={onOpen}>
        Opener
      </button>
      <button type="button">Elsewhere</button>
      <ModalHost />
      <RightDrawerHost />
      <BottomDrawerHost contents={{ withdraw: () => <Form /> }} />
    </MemoryRouter>
  );
}

afterEach(() => {
  act(() => {
    modal.forceClose();
    rightDrawer.close();
    bottomDrawer.close();
  });
  cleanup();
  vi.useRealTimers();
});

describe('modal (accessible dialog)', () => {
  it('moves focus into the modal, keeps Tab inside, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Page onOpen={() => modal.open({ key: 'form', title: 'Edit Details', content: Form })} />);
    await user.click(screen.getByRole('button', { name: 'Opener' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Details' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The first field of the content, not the close button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First')));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Second'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    // Past the last element Tab wraps to the first (the close button), never to the page behind.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' })));
  });

  it('focuses the first field once content that was still loading appears', async () => {
    const user = userEvent.setup();
    const ready = createStore(false);
    function Loading() {
      return useStore(ready) ? <Form /> : <p>Loading…</p>;
    }
    render(<Page onOpen={() => modal.open({ key: 'slow', title: 'Slow', content: Loading })} />);
    await user.click(screen.getByRole('button', { name: 'Opener' }));
    await screen.findByRole('dialog', { name: 'Slow' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
    act(() => ready.set(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First')));
  });

  it('refuses Escape, the backdrop and the close button while manual closing is blocked (spec section 4)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Page
        onOpen={() =>
          modal.open({ key: 'busy', title: 'Uploading', content: Form, blockManualClose: true, onClose })
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Opener' }));
    await screen.findByRole('dialog', { name: 'Uploading' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Uploading' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(document.querySelector<HTMLElement>('[data-state="open"]:not([role=dialog])')!);
    expect(screen.getByRole('dialog', { name: 'Uploading' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    act(() => modal.setBlocked(false));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click', async () => {
    const user = userEvent.setup();
    render(<Page onOpen={() => modal.open({ key: 'x', title: 'Details', content: Form })} />);
    await user.click(screen.getByRole('button', { name: 'Opener' }));
    await screen.findByRole('dialog', { name: 'Details' });
    await user.click(document.querySelector<HTMLElement>('[data-state="open"]:not([role=dialog])')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hides the page behind from assistive technology and locks its scroll while open', async () => {
    const user = userEvent.setup();
    render(<Page onOpen={() => modal.open({ key: 'x', title: 'Details', content: Form })} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Details' });
    expect(opener.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(getComputedStyle(document.body).overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(opener.closest('[aria-hidden="true"]')).toBeNull();
  });
});

describe('drawers (accessible dialogs)', () => {
  it('bottom drawer: named by its title, 100vh for withdraw, Escape closes, focus back on the opener', async () => {
    const user = userEvent.setup();
    render(<Page onOpen={() => bottomDrawer.open('withdraw')} />);
    await user.click(screen.getByRole('button', { name: 'Opener' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal' });
    expect(dialog.style.height).toBe('100vh');
    expect(dialog.getAttribute('data-drawer-type')).toBe('withdraw');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' })));
  });

  it('bottom drawer: close-then-navigate closes at once and navigates 300 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Page onOpen={() => {}} />);
    act(() => void bottomDrawer.open('withdraw'));
    expect(screen.getByRole('dialog', { name: 'Withdrawal' })).toBeTruthy();
    act(() => bottomDrawer.closeAndNavigate('/me/records'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const path = () => screen.getByLabelText('Path').textContent;
    expect(path()).toBe('/');
    act(() => void vi.advanceTimersByTime(CLOSE_THEN_NAVIGATE_DELAY_MS - 1));
    expect(path()).toBe('/');
    act(() => void vi.advanceTimersByTime(1));
    expect(path()).toBe('/me/records');
    expect(CLOSE_THEN_NAVIGATE_DELAY_MS).toBe(300);
  });

  it('right drawer: named by its label, Tab stays inside, the modal it opens returns focus to the page', async () => {
    const user = userEvent.setup();
    function Panel() {
      return (
        <button
          type="button"
          onClick={() => {
            rightDrawer.close();
            modal.open({ key: 'm', title: 'From Panel', content: Form });
          }}
        >
          Open modal
        </button>
      );
    }
    render(<Page onOpen={() => rightDrawer.open(Panel, {}, 'Account')} />);
    await user.click(screen.getByRole('button', { name: 'Opener' }));
    const drawer = await screen.findByRole('dialog', { name: 'Account' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(drawer.contains(document.activeElement)).toBe(true);
    // The panel closes as its modal opens; when the modal closes, focus goes to the panel's opener.
    await user.click(screen.getByRole('button', { name: 'Open modal' }));
    await screen.findByRole('dialog', { name: 'From Panel' });
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' })));
  });
});
