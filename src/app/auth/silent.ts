/**
 * /auth-silent/ (AUTH-05): the page the provider sends the hidden renewal frame back to. It
 * boots nothing (no config, no documents, no session writes): oidc-client-ts hands the URL to
 * the UserManager of the page that opened the frame (same origin), which checks and uses it.
 */
import { UserManager } from 'oidc-client-ts';
import type { BootResult } from '../boot';

export async function completeSilentRenewal(href: string): Promise<BootResult> {
  // The frame's UserManager only posts the URL to its parent; the settings it requires are not used for that.
  const frame = new UserManager({ authority: window.location.origin, client_id: 'silent-frame', redirect_uri: href });
  await frame.signinSilentCallback(href);
  return { kind: 'redirected', url: href };
}
