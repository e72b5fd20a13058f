import { describe, expect, it } from 'vitest';
import { addAttachment } from './feedback-attachments.ts';

const MAX_KB = 100;

function file(name: string, type: string, bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('addAttachment', () => {
  it.each(['image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf'])('accepts %s', (type) => {
    const incoming = file('a', type);
    expect(addAttachment([], incoming, MAX_KB)).toEqual({ files: [incoming], rejection: null });
  });

  it.each(['text/plain', 'application/zip', 'application/msword', ''])(
    'rejects %s with ERR_FILE_TYPE naming the allowed types',
    (type) => {
      const result = addAttachment([], file('a', type), MAX_KB);
      expect(result.files).toEqual([]);
      expect(result.rejection).toEqual({ key: 'ERR_FILE_TYPE', params: { types: 'image/*, application/pdf' } });
    },
  );

  it('accepts a file of exactly the maximum size', () => {
    const incoming = file('big.pdf', 'application/pdf', MAX_KB * 1024);
    expect(addAttachment([], incoming, MAX_KB).rejection).toBeNull();
  });

  it('rejects a file over the maximum size with ERR_MAX_FILE_SIZE and the size', () => {
    const result = addAttachment([], file('big.pdf', 'application/pdf', MAX_KB * 1024 + 1), MAX_KB);
    expect(result.files).toEqual([]);
    expect(result.rejection).toEqual({ key: 'ERR_MAX_FILE_SIZE', params: { size: MAX_KB } });
  });

  it('ignores a file with the name of one already added, silently', () => {
    const first = file('photo.png', 'image/png');
    const result = addAttachment([first], file('photo.png', 'image/jpeg', 20), MAX_KB);
    expect(result).toEqual({ files: [first], rejection: null });
  });

  it('adds a new file after the ones already there, without changing the given list', () => {
    const current = [file('a.png', 'image/png')];
    const incoming = file('b.pdf', 'application/pdf');
    const result = addAttachment(current, incoming, MAX_KB);
    expect(result.files.map((entry) => entry.name)).toEqual(['a.png', 'b.pdf']);
    expect(current).toHaveLength(1);
  });
});
