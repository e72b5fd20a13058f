import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from './http-client.ts';
import { CHECKOUT_CACHE_REFRESH_MS, useOtherConfig } from './use-other-config.ts';

vi.mock('./http-client.ts', () => ({ callEndpoint: vi.fn() }));

afterEach(() => vi.restoreAllMocks());

describe('the configuration the shell reads', () => {
  it('is read once, then again by the first screen that needs it after the checkout cache refresh (1,440 minutes)', async () => {
    const call = vi.mocked(callEndpoint);
    call.mockResolvedValue({ fileUploadMaxSizeKb: 1024 } as never);
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);

    const first = renderHook(() => useOtherConfig());
    await waitFor(() => expect(first.result.current.data).toEqual({ fileUploadMaxSizeKb: 1024 }));
    renderHook(() => useOtherConfig());
    now.mockReturnValue(start + CHECKOUT_CACHE_REFRESH_MS - 60_000);
    renderHook(() => useOtherConfig());
    expect(call).toHaveBeenCalledTimes(1);

    call.mockResolvedValue({ fileUploadMaxSizeKb: 2048 } as never);
    now.mockReturnValue(start + CHECKOUT_CACHE_REFRESH_MS + 1);
    const later = renderHook(() => useOtherConfig());
    await waitFor(() => expect(later.result.current.data).toEqual({ fileUploadMaxSizeKb: 2048 }));
    expect(call).toHaveBeenCalledTimes(2);
    expect(CHECKOUT_CACHE_REFRESH_MS).toBe(1_440 * 60_000);
  });
});
