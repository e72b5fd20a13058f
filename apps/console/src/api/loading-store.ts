import { createStore } from '../lib/create-store.ts';

/** Number of requests in flight; the loading overlay shows while it is above zero. */
export const pendingRequests = createStore(0);

export async function trackRequest<T>(work: () => Promise<T>): Promise<T> {
  pendingRequests.set(pendingRequests.get() + 1);
  try {
    return await work();
  } finally {
    pendingRequests.set(pendingRequests.get() - 1);
  }
}
