import { useEffect } from 'react';
import { startRefreshTimer } from './refresh';
import { useSession } from '../../utils/useSession';

/** Runs the token refresh timer while signed in (specification §4). */
export function SessionKeeper() {
  const signedIn = Boolean(useSession().token);
  useEffect(() => (signedIn ? startRefreshTimer() : undefined), [signedIn]);
  return null;
}
