// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '@imali/contract';

let finishUpload: (result: { url?: string }) => void = () => {};
let failUpload: (error: unknown) => void = () => {};
const uploadImage = vi.fn(
  () =>
    new Promise<{ url?: string }>((resolve, reject) => {
      finishUpload = resolve;
      failUpload = reject;
    }),
);
vi.mock('../../api/upload-image', () => ({ uploadImage: () => uploadImage() }));

const { IdStep, STILL_UPLOADING } = await import('./id-step');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'id-front.jpg', { type: 'image/jpeg' });
const onSubmit = vi.fn(async () => null);

function renderStep() {
  render(
    <IdStep
      initial={{ id_no: '', id_front_url: '', id_back_url: '' }}
      onBack={() => {}}
      onSubmit={onSubmit}
    />,
  );
}

beforeEach(() => {
  onSubmit.mockClear();
  uploadImage.mockClear();
});
afterEach(() => cleanup());

describe('KYC ID step', () => {
  it('pressed while the ID image uploads: busy, says so, then submits once the upload is done', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.type(screen.getByLabelText('ID number'), '9005170123088');
    await user.upload(screen.getByTestId('kyc-id-front'), image());
    expect(uploadImage).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(STILL_UPLOADING);
    const busy = screen.getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('ID front image is required.')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    finishUpload({ url: '/api/files/front-1' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      id_no: '9005170123088',
      id_front_url: '/api/files/front-1',
      id_back_url: '',
    });
    expect(screen.queryByText(STILL_UPLOADING)).toBeNull();
  });

  it('an upload that fails while waiting shows why, without submitting', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.type(screen.getByLabelText('ID number'), '9005170123088');
    await user.upload(screen.getByTestId('kyc-id-front'), image());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(STILL_UPLOADING);
    failUpload(new Error('network'));
    await screen.findByText(Messages.imageUploadFailed);
    await waitFor(() => expect(screen.queryByText(STILL_UPLOADING)).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('without an upload in progress, a missing front image is reported at once', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.type(screen.getByLabelText('ID number'), '9005170123088');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('ID front image is required.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
