import { matchPath } from 'react-router-dom';
import { AUTH_SILENT_ROUTE, BASENAME } from './routes';

/** Whether the page is the silent renewal's hidden frame, /auth-silent/ under the base route (ROUTE-02, AUTH-05). */
export function isSilentRenewalFrame(pathname: string): boolean {
  return matchPath({ path: `${BASENAME}/${AUTH_SILENT_ROUTE}/*` }, pathname) !== null;
}
