/**
 * Session storage (SESS-01, SESS-12..SESS-15): every value lives in one JSON object under the
 * namespace `ent-eligibility-modular-app`. Read, write and remove failures are warnings and
 * never stop the flow; a write that would pass the 51200-character quota is refused with a
 * warning. No personal data is ever written here (see src/app/persist.ts).
 */
import type { JsonValue } from '../rules/index';
import type { Telemetry } from '../ui/contract';

export const SESSION_NAMESPACE = 'ent-eligibility-modular-app';
export const STORAGE_QUOTA = 51200;

export type { SessionKey, SessionValues } from '../shared/ports';
import type { SessionKey, SessionValues } from '../shared/ports';

/** Whether sessionStorage can be used at all (private browsing may refuse it, SESS-12). */
export function storageAvailable(getStorage: () => Storage | undefined = () => (typeof window !== 'undefined' ? window.sessionStorage : undefined)): boolean {
  try {
    const s = getStorage();
    if (!s) return false;
    const probe = `${SESSION_NAMESPACE}.probe`;
    s.setItem(probe, '1');
    const ok = s.getItem(probe) === '1';
    s.removeItem(probe);
    return ok;
  } catch {
    return false;
  }
}

export class SessionStore {
  private cache: SessionValues | undefined;

  constructor(
    private readonly storage: Storage | undefined,
    private readonly telemetry: Pick<Telemetry, 'log'>,
  ) {}

  /** Everything in the namespace; {} when nothing is stored or it cannot be read. */
  read(): SessionValues {
    if (this.cache) return this.cache;
    let raw: string | null = null;
    try {
      raw = this.storage?.getItem(SESSION_NAMESPACE) ?? null;
    } catch (err) {
      this.warn('read', err);
    }
    let values: SessionValues = {};
    if (raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) values = parsed as SessionValues;
      } catch (err) {
        this.warn('read', err);
      }
    }
    this.cache = values;
    return values;
  }

  get(key: SessionKey): JsonValue | undefined {
    return this.read()[key];
  }

  getString(key: SessionKey): string | undefined {
    const v = this.get(key);
    return typeof v === 'string' && v !== '' ? v : undefined;
  }

  set(values: SessionValues): boolean {
    const next: SessionValues = { ...this.read(), ...values };
    return this.write(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as SessionValues);
  }

  remove(...keys: SessionKey[]): boolean {
    return this.write(Object.fromEntries(Object.entries(this.read()).filter(([k]) => !keys.includes(k as SessionKey))) as SessionValues);
  }

  /** Clears the whole namespace (SESS-05, EXIT-06, EXIT-10). */
  clear(): void {
    this.cache = {};
    try {
      this.storage?.removeItem(SESSION_NAMESPACE);
    } catch (err) {
      this.warn('remove', err);
    }
  }

  private write(values: SessionValues): boolean {
    const text = JSON.stringify(values);
    if (text.length > STORAGE_QUOTA) {
      this.telemetry.log('warn', 'session storage quota exceeded: write refused', { chars: text.length, quota: STORAGE_QUOTA });
      return false;
    }
    this.cache = values;
    try {
      this.storage?.setItem(SESSION_NAMESPACE, text);
      return true;
    } catch (err) {
      this.warn('write', err);
      return false;
    }
  }

  private warn(operation: 'read' | 'write' | 'remove', err: unknown): void {
    this.telemetry.log('warn', `session storage ${operation} failed`, { reason: err instanceof Error ? err.name : 'unknown' });
  }
}
