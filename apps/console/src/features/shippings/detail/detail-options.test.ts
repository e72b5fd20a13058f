import { describe, expect, it } from 'vitest';
import { formatBytes, offeredDownloadOptions } from './detail-options.ts';

describe('detail download options', () => {
  it('offers only the options with stored files, pack whenever there is any file', () => {
    expect(offeredDownloadOptions([])).toEqual([]);
    expect(offeredDownloadOptions([{ kind: 'original' }, { kind: 'certificate' }])).toEqual([
      'original',
      'certificate',
      'pack',
    ]);
    expect(offeredDownloadOptions([{ kind: 'identity' }])).toEqual(['pack']);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
