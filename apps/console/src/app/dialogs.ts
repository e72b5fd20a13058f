import { Modal } from 'antd';

const CLOSE_DIALOGS_EVENT = 'sello:close-dialogs';

/** Closes every open dialog: antd's imperative ones and the controlled ones that listen. */
export function closeAllDialogs(): void {
  Modal.destroyAll();
  window.dispatchEvent(new Event(CLOSE_DIALOGS_EVENT));
}

export function onCloseAllDialogs(listener: () => void): () => void {
  window.addEventListener(CLOSE_DIALOGS_EVENT, listener);
  return () => window.removeEventListener(CLOSE_DIALOGS_EVENT, listener);
}
