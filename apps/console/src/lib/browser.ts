/** Browser navigation the session code needs; one place so tests can observe it. */
export const browser = {
  /** Goes to `hashPath` and reloads the page so no state of the previous user survives. */
  reloadAt(hashPath: string): void {
    window.location.hash = hashPath;
    window.location.reload();
  },
  /** Leaves the console for `url`, replacing the current entry of the history (going back does not return here). */
  leaveFor(url: string): void {
    window.location.replace(url);
  },
};
