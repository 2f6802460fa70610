/** A session held in memory (the SessionPort simulate walks with; the browser's is session storage, src/app/storage.ts). */
import type { JsonValue } from '../../rules/index';
import type { SessionKey, SessionPort, SessionValues } from '../../shared/ports';

export function memorySession(initial: SessionValues = {}): SessionPort & { values(): SessionValues } {
  let values: SessionValues = { ...initial };
  return {
    get: (key: SessionKey): JsonValue | undefined => values[key],
    getString: (key: SessionKey): string | undefined => {
      const v = values[key];
      return typeof v === 'string' && v !== '' ? v : undefined;
    },
    set: (more: SessionValues): boolean => {
      values = { ...values, ...more };
      return true;
    },
    remove: (...keys: SessionKey[]): boolean => {
      values = Object.fromEntries(Object.entries(values).filter(([k]) => !keys.includes(k as SessionKey))) as SessionValues;
      return true;
    },
    clear: (): void => {
      values = {};
    },
    values: () => ({ ...values }),
  };
}
