import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetHostCache } from '../../lib/api-host.ts';
import { DownloadDialog } from './download-dialog.tsx';

function checkbox(option: string): HTMLInputElement {
  const element = screen.getByTestId(`download-option-${option}`);
  const input = element instanceof HTMLInputElement ? element : element.querySelector('input');
  if (!input) throw new Error(`no checkbox ${option}`);
  return input;
}

describe('DownloadDialog', () => {
  it('keeps Download disabled until an option is chosen, and pack alone', async () => {
    render(<DownloadDialog open shippingIds={[7]} onClose={vi.fn()} />);
    const ok = await screen.findByTestId('download-ok');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(checkbox('original'));
    await userEvent.click(checkbox('certificate'));
    expect((ok as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(checkbox('pack'));
    expect(checkbox('pack').checked).toBe(true);
    expect(checkbox('original').checked).toBe(false);
    expect(checkbox('certificate').checked).toBe(false);
    await userEvent.click(checkbox('sent'));
    expect(checkbox('pack').checked).toBe(false);
    expect(checkbox('sent').checked).toBe(true);
  });

  it('disables the options not offered and needs a shipping', async () => {
    render(<DownloadDialog open shippingIds={[]} offered={['original', 'pack']} onClose={vi.fn()} />);
    expect(checkbox('courier').disabled).toBe(true);
    expect(checkbox('original').disabled).toBe(false);
    await userEvent.click(checkbox('original'));
    expect((screen.getByTestId('download-ok') as HTMLButtonElement).disabled).toBe(true);
  });

  describe('on a failed call', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('closes, as spec §8 says of other errors, and shows the error', async () => {
      resetHostCache();
      localStorage.setItem('frontendweb_host', '');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{"key":"ERR_DOWNLOAD_LIMIT"}', { status: 400, statusText: 'Bad Request' })),
      );
      const onClose = vi.fn();
      render(<DownloadDialog open shippingIds={[7]} onClose={onClose} />);
      await userEvent.click(checkbox('original'));
      await userEvent.click(screen.getByTestId('download-ok'));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    });
  });
});
