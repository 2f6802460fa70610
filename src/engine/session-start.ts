/**
 * A new session's first state (doc 1 §4 "Session start"; SESS-01..SESS-08, FLOW-10/11, PROD-16):
 * the `session` slice (the product, its sequence, the entry's promotion code, UTM source,
 * citizenship, version and action, what a resumed session kept) and the `config` slice (the
 * build's feature flags and the product's config flags the rules read: bankFlow, quoteFlow,
 * basicInfoCollected). The browser's boot (src/app/boot.ts) and `npm run simulate` start a
 * product with this one function, so a walk reads the same flags as the browser (issue 19). Pure.
 */
import type { Flow } from './flow';
import { isObject, type AppState, type JsonObject } from './state';

/** PROD-16: the feature flags of this build. */
export const BUILD_FLAGS = { federalAgencies: true, prefillEnabled: true, expansion: false } as const;

/** What the entry URL gave (SESS-02): only the values a session keeps. */
export interface EntryValues {
  version?: string | undefined;
  action?: string | undefined;
  promotionCode?: string | undefined;
  utmSource?: string | undefined;
  citizenshipLocationCode?: string | undefined;
}

/** What a resumed session kept in its namespace (SESS-03). */
export interface KeptValues {
  prefillStatus?: string | undefined;
  promotionCd?: string | undefined;
  utmSource?: string | undefined;
  citizenshipLocationCode?: string | undefined;
  sponsorTypeCd?: string | undefined;
}

export interface SessionSlices {
  session: JsonObject;
  config: JsonObject;
}

export function newSessionSlices(flow: Flow, given: EntryValues, kept: KeptValues | undefined): SessionSlices {
  const productId = flow.productId;
  const session: JsonObject = {
    productId,
    moduleSequenceId: flow.sequenceId,
    authenticated: false,
    prefillStatus: kept?.prefillStatus ?? '',
  };
  if (given.version) session.version = given.version;
  if (given.action) session.action = given.action;
  const promotion = given.promotionCode ?? kept?.promotionCd;
  const utm = given.utmSource ?? kept?.utmSource;
  const ctzn = given.citizenshipLocationCode ?? kept?.citizenshipLocationCode;
  if (promotion) session.promotionCd = promotion;
  if (utm) session.utmSource = utm;
  if (ctzn) session.citizenshipLocationCode = ctzn;
  // SPON-01 rule 4: a sponsor type kept in session makes the sponsor's next save an update.
  if (kept?.sponsorTypeCd) session.sponsorTypeCd = kept.sponsorTypeCd;
  const cfg = flow.product.config ?? {};
  const config: JsonObject = { productId, ...BUILD_FLAGS };
  if (cfg.bankFlow !== undefined) config.bankFlow = cfg.bankFlow;
  if (cfg.quoteFlow !== undefined) config.quoteFlow = cfg.quoteFlow;
  if (cfg.basicInfoCollected !== undefined) config.basicInfoCollected = cfg.basicInfoCollected;
  return { session, config };
}

/** The slices under a state given on top (simulate's `state`): each slice's keys, the given ones winning. */
export function withSlices(slices: SessionSlices, given: AppState | undefined): AppState {
  const out: AppState = { ...(given ?? {}) };
  for (const key of ['session', 'config'] as const) {
    const over = given?.[key];
    out[key] = { ...slices[key], ...(isObject(over) ? over : {}) };
  }
  return out;
}
