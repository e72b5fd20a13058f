/** Spec §2: the request identifier when one exists and there is no guid, otherwise the guid. */
export function pickFeedbackIdentifier(requestCid: string | undefined, guid: string | undefined): string | undefined {
  return requestCid && !guid ? requestCid : guid;
}

/** The shipping the user is looking at, when the current page is a shipping detail. */
export function requestIdFromPath(path: string): string | undefined {
  return /^\/shippings\/detail\/([^/?#]+)/.exec(path)?.[1];
}

/** What the modal receives about the device: browser, platform and language. */
export function describeDevice(): { deviceInfo: string; resolution: string } {
  return {
    deviceInfo: `${navigator.userAgent} | ${navigator.platform} | ${navigator.language}`.slice(0, 1000),
    resolution: `${window.screen.width}x${window.screen.height}`,
  };
}
