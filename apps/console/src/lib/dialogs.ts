const CLOSE_DIALOGS_EVENT = 'sello:close-dialogs';

/**
 * Closes every open dialog: the controlled ones listen for the event, and the modules that open antd's
 * imperative dialogs (Modal.confirm and the like) listen too, to call Modal.destroyAll(). Importing antd's
 * Modal here would put it in the shell's initial JavaScript only to close dialogs that cannot exist yet.
 */
export function closeAllDialogs(): void {
  window.dispatchEvent(new Event(CLOSE_DIALOGS_EVENT));
}

export function onCloseAllDialogs(listener: () => void): () => void {
  window.addEventListener(CLOSE_DIALOGS_EVENT, listener);
  return () => window.removeEventListener(CLOSE_DIALOGS_EVENT, listener);
}
