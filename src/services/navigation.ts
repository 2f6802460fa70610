/** Leaving the app: a full page navigation. A seam, so tests can see where the app went. */
export type Leave = (url: string) => void;

export const leaveApp: Leave = (url) => {
  window.location.assign(url);
};

/** A product destination (PROD flow `destinationURL`): the engine's pure function (src/engine/destination.ts). */
export { destinationUrl } from '../engine/destination';
