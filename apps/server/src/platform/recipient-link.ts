/** The recipient page of a token, under the console's public URL (preference CONSOLE_URL). */
export function recipientLink(consoleUrl: string, token: string): string {
  const base = consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`;
  return `${base}portal/#/r/${token}`;
}
