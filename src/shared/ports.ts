/**
 * The types the layers share (docs/architecture.md, "Layers"): what a service needs from the app
 * and what a screen reports through, declared once here so that src/services imports neither
 * src/app nor src/ui, and src/ui never imports src/services. Types only: no code.
 */
import type { JsonValue } from '../rules/index';
import type { AppState } from '../engine/state';

/** Analytics and logging hooks (no personal data ever passes through these). */
export interface Telemetry {
  track(event: string, data?: Record<string, string | number | boolean>): void;
  /** `error`: its name and stack frames (never its message) become the log line's stackTrace. */
  log(level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, string | number | boolean>, error?: unknown): void;
}

/** The spec's session keys (SESS-01) plus Muster's own (flowState, demo, callerId). */
export type SessionKey =
  | 'productId'
  | 'productRedirect'
  | 'landingPage'
  | 'moduleSequenceId'
  | 'modulePositionIndex'
  | 'potentialCustomerGuid'
  | 'sponsorGuid'
  | 'sponsorTypeCd'
  | 'sponsorId'
  | 'jwtKey'
  | 'citizenshipLocationCode'
  | 'gotoURL'
  | 'promotionCd'
  | 'utmSource'
  | 'prefillStatus'
  | 'prefillDetails'
  | 'variant'
  | 'referrerRedirect'
  | 'version'
  | 'demo'
  | 'callerId'
  | 'consent'
  /** EXIT-09's spouse flags at the hand-off: the sponsor is the applicant's spouse; the sponsor update found a spouse mismatch (SPON-06). */
  | 'spouseSponsor'
  | 'spouseMismatch'
  /** Issue 22: the Idempotency-Key of the prospect's create until one is accepted (not personal: a random id). */
  | 'createKey'
  | 'flowState';

export type SessionValues = Partial<Record<SessionKey, JsonValue>>;

/** The session values a command reads and writes (the app's SessionStore is one). */
export interface SessionPort {
  get(key: SessionKey): JsonValue | undefined;
  getString(key: SessionKey): string | undefined;
  set(values: SessionValues): boolean;
  remove(...keys: SessionKey[]): boolean;
  clear(): void;
}

/** How sponsor requests name and order the member number (config.json `sponsorRequest`, SPON-16/17). */
export interface SponsorRequestConfig {
  brand: string;
  memberNumberOrder: number[];
}

/** The runtime configuration a command reads (the app's RuntimeConfig is one). */
export interface ServiceConfig {
  apiBaseUrl: string;
  joinStartUrl: string;
  /** Named page destinations out of the app (config.json `destinations`, DEST-02): e.g. `proofing`, `pilot`. */
  destinations?: Record<string, string>;
  sponsorRequest: SponsorRequestConfig;
}

/** What a command step reports: its outcome, and the state it records (engine `completeCommand`). */
export interface CommandResult {
  outcome: string;
  codes?: string[];
  status?: number;
  patch?: AppState;
}
