import { DOWNLOAD_OPTIONS, type DownloadOption } from '@sello/contracts/enums';

/** Spec §4: choosing pack clears the other options, and choosing another option clears pack. */
export function toggleOption(
  chosen: readonly DownloadOption[],
  option: DownloadOption,
  checked: boolean,
  offered: readonly DownloadOption[] = DOWNLOAD_OPTIONS,
): DownloadOption[] {
  if (!offered.includes(option)) return [...chosen];
  if (!checked) return chosen.filter((entry) => entry !== option);
  if (option === 'pack') return ['pack'];
  const rest = chosen.filter((entry) => entry !== 'pack' && entry !== option);
  // Keep the dialog's order, whatever the order of the clicks.
  return DOWNLOAD_OPTIONS.filter((entry) => entry === option || rest.includes(entry));
}

/** Options that are not offered are disabled. */
export function isOptionDisabled(option: DownloadOption, offered: readonly DownloadOption[]): boolean {
  return !offered.includes(option);
}

/** Download is disabled while nothing is chosen, and needs at least one shipping (spec §4, §5). */
export function canDownload(shippingIds: readonly number[], chosen: readonly DownloadOption[]): boolean {
  return shippingIds.length > 0 && chosen.length > 0;
}

/** The options still valid after the offer changes (an option no longer offered is dropped). */
export function keepOffered(chosen: readonly DownloadOption[], offered: readonly DownloadOption[]): DownloadOption[] {
  return chosen.filter((option) => offered.includes(option));
}
