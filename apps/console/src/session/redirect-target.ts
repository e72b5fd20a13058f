const KEY = 'sello_last_url';

/** The last permitted URL (path + query), kept for the tab so a new sign-in can return to it. */
export const redirectTarget = {
  remember: (url: string): void => sessionStorage.setItem(KEY, url),
  read: (): string | null => sessionStorage.getItem(KEY),
};
