import { config } from '../../config';
import { getStore, removeStore, setStore } from '../../utils/storage';

/**
 * The cross-window lock around a token refresh (specification §4). Every window of the app shares
 * one refresh token, and the server treats a second use of a refresh token as theft and revokes the
 * whole chain — so across windows of one origin only one refresh may run at a time.
 *
 * - Web Locks (`navigator.locks`, lock `<appKey>-refresh`) when the browser offers them: only in
 *   secure contexts (https, localhost). The browser releases the lock if the holder closes or dies.
 * - Otherwise (plain-http LAN origins) a lease in localStorage, entry `refreshLease` =
 *   `{ owner, until }` through the storage wrapper. A window takes it when it is absent or past
 *   `until`: it writes its own lease, waits SETTLE_MS for writes of other windows to arrive and
 *   re-reads it — the last writer owns it, the others wait and poll. The holder renews `until`
 *   every RENEW_MS while its refresh runs and removes the lease afterwards; a crashed window's lease
 *   runs out after LEASE_MS, so it cannot block the others for long.
 *
 * The lease is best-effort (localStorage has no compare-and-swap); refresh.ts re-reads the stored
 * token once it holds the lock and adopts another window's fresh token instead of refreshing.
 */
export const LEASE_NAME = 'refreshLease';
export const LEASE_MS = 15_000;
export const SETTLE_MS = 50;
const RENEW_MS = 5_000;
const POLL_MS = 100;

export interface Lease {
  owner: string;
  until: number;
}

// crypto.randomUUID is secure-context only too; the id only has to differ between windows.
const windowId = `${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
let seq = 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function webLocks(): LockManager | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const locks = (navigator as { locks?: LockManager | null }).locks;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

/** Runs `task` while holding the cross-window refresh lock; waits for the lock first. */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (!locks) return withLease(task);
  let granted = false;
  try {
    return await locks.request(`${config.appKey}-refresh`, () => {
      granted = true;
      return task();
    });
  } catch (error) {
    if (granted) throw error;
    return withLease(task); // Web Locks refused (e.g. an opaque origin): fall back to the lease
  }
}

export function readLease(): Lease | undefined {
  const lease = getStore<Lease>(LEASE_NAME);
  return lease && typeof lease.owner === 'string' && typeof lease.until === 'number' ? lease : undefined;
}

const writeLease = (owner: string) => setStore<Lease>(LEASE_NAME, { owner, until: Date.now() + LEASE_MS });

async function withLease<T>(task: () => Promise<T>): Promise<T> {
  const owner = `${windowId}:${++seq}`;
  for (;;) {
    const lease = readLease();
    if (lease && lease.owner !== owner && lease.until > Date.now()) {
      await sleep(POLL_MS);
      continue;
    }
    writeLease(owner);
    await sleep(SETTLE_MS);
    if (readLease()?.owner === owner) break;
  }
  const renew = setInterval(() => {
    if (readLease()?.owner === owner) writeLease(owner);
  }, RENEW_MS);
  try {
    return await task();
  } finally {
    clearInterval(renew);
    if (readLease()?.owner === owner) removeStore(LEASE_NAME, 'local');
  }
}
