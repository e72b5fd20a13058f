import { DOWNLOAD_OPTIONS } from '@sello/contracts/enums';
import { describe, expect, it } from 'vitest';
import { canDownload, isOptionDisabled, keepOffered, toggleOption } from './download-options.ts';

describe('download options', () => {
  it('adds and removes options, in the dialog order', () => {
    expect(toggleOption([], 'certificate', true)).toEqual(['certificate']);
    expect(toggleOption(['certificate'], 'original', true)).toEqual(['original', 'certificate']);
    expect(toggleOption(['original', 'certificate'], 'original', false)).toEqual(['certificate']);
  });

  it('clears every other option when pack is chosen', () => {
    expect(toggleOption(['original', 'sent', 'certificate'], 'pack', true)).toEqual(['pack']);
  });

  it('clears pack when another option is chosen', () => {
    expect(toggleOption(['pack'], 'sent', true)).toEqual(['sent']);
    expect(toggleOption(['pack'], 'courier', true)).toEqual(['courier']);
  });

  it('unchecking pack leaves nothing chosen', () => {
    expect(toggleOption(['pack'], 'pack', false)).toEqual([]);
  });

  it('ignores options that are not offered', () => {
    expect(toggleOption(['original'], 'courier', true, ['original', 'sent'])).toEqual(['original']);
    expect(isOptionDisabled('courier', ['original', 'sent'])).toBe(true);
    expect(isOptionDisabled('sent', ['original', 'sent'])).toBe(false);
    expect(DOWNLOAD_OPTIONS.filter((option) => isOptionDisabled(option, DOWNLOAD_OPTIONS))).toEqual([]);
  });

  it('downloads only with at least one shipping and one option', () => {
    expect(canDownload([], [])).toBe(false);
    expect(canDownload([1], [])).toBe(false);
    expect(canDownload([], ['pack'])).toBe(false);
    expect(canDownload([1, 2], ['pack'])).toBe(true);
  });

  it('drops chosen options that stop being offered', () => {
    expect(keepOffered(['original', 'courier'], ['original'])).toEqual(['original']);
  });
});
