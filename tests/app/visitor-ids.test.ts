/**
 * PAY-02: the marketing visitor ids the page has (src/app/visitor-ids.ts): the Adobe Experience
 * Cloud id from the AMCV cookie or the tag manager's global, the Tealium visitor id from the
 * utag_main cookie or utag.data; written into the session slice the payload mapping reads.
 */
import { describe, expect, it } from 'vitest';
import { readVisitorIds, watchVisitorIds, type VisitorIdSource, type VisitorIdStore } from '../../src/app/visitor-ids';
import { setPath, type AppState } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';

const ECID = '12345678901234567890123456789012345678';
// As the Visitor API writes it: name and value URI-encoded ('@' is %40, '|' is %7C).
const AMCV = `AMCV_ABCDEF0123456789%40AdobeOrg=-1124106680%7CMCIDTS%7C19000%7CMCMID%7C${ECID}%7CMCAAMLH-1700000000%7C9`;
const UTAG = 'utag_main=v_id:0179a0e3c0a2001c4e5b$_sn:3$_se:1$_ss:1$_st:1700000000000$ses_id:1699999999999%3Bexp-session$_pn:1%3Bexp-session';

const source = (cookie: string, globals?: unknown): VisitorIdSource => ({ cookie: () => cookie, globals: () => globals });

describe('readVisitorIds (PAY-02)', () => {
  it('reads the ECID from the AMCV cookie and the Tealium id from utag_main', () => {
    expect(readVisitorIds(source(`theme=dark; ${AMCV}; ${UTAG}`))).toEqual({ adobeEcid: ECID, tealiumVisitorId: '0179a0e3c0a2001c4e5b' });
  });

  it("falls back to the libraries' globals when their cookies are not there", () => {
    const globals = {
      _satellite: { getVisitorId: () => ({ getMarketingCloudVisitorID: () => ECID }) },
      utag: { data: { tealium_visitor_id: 'abc_123' } },
    };
    expect(readVisitorIds(source('', globals))).toEqual({ adobeEcid: ECID, tealiumVisitorId: 'abc_123' });
    expect(readVisitorIds(source('', { utag: { data: { 'cp.utag_main_v_id': 'v-9' } } }))).toEqual({ tealiumVisitorId: 'v-9' });
  });

  it('a page without them has none; a throwing library, a refused cookie or a value that is not an id gives none either', () => {
    expect(readVisitorIds(source('theme=dark'))).toEqual({});
    expect(readVisitorIds(source('', { _satellite: { getVisitorId: () => { throw new Error('not ready'); } } }))).toEqual({});
    expect(readVisitorIds({ cookie: () => { throw new Error('SecurityError'); }, globals: () => undefined })).toEqual({});
    expect(readVisitorIds(source('utag_main=v_id:<script>$_sn:1; AMCV_X%40AdobeOrg=MCMID%7C'))).toEqual({});
    expect(readVisitorIds(source('', { utag: { data: { tealium_visitor_id: 'a b' } } }))).toEqual({});
  });
});

describe('watchVisitorIds', () => {
  function store(initial: AppState): VisitorIdStore & { state: AppState; change(): void; patches: number } {
    const listeners = new Set<() => void>();
    const s = {
      state: initial,
      patches: 0,
      getSnapshot: () => ({ state: s.state }),
      subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
      patch: (values: Record<string, JsonValue | undefined>) => {
        for (const [p, v] of Object.entries(values)) s.state = setPath(s.state, p, v);
        s.patches++;
        listeners.forEach((l) => l());
      },
      change: () => listeners.forEach((l) => l()),
      listeners,
    };
    return s;
  }

  it('writes the ids into the session slice at once, and again when a library sets its cookie later; stops once both are there', () => {
    let cookie = AMCV;
    const s = store({ session: { productId: 'join-now' } });
    const queued: (() => void)[] = [];
    const later = (fn: () => void): void => void queued.push(fn);
    watchVisitorIds(s, { cookie: () => cookie, globals: () => undefined }, later);
    expect(s.state.session).toEqual({ productId: 'join-now', adobeEcid: ECID });
    s.change();
    s.change(); // one look per burst of changes
    expect(queued).toHaveLength(1);
    queued.shift()?.();
    expect(s.patches).toBe(1); // nothing new: no write
    cookie = `${AMCV}; ${UTAG}`;
    s.change();
    queued.shift()?.();
    expect(s.state.session).toEqual({ productId: 'join-now', adobeEcid: ECID, tealiumVisitorId: '0179a0e3c0a2001c4e5b' });
    queued.length = 0;
    s.change();
    expect(queued).toHaveLength(0); // both there: no longer watching
  });

  it('a page without the ids writes nothing', () => {
    const s = store({ session: {} });
    watchVisitorIds(s, source(''), (fn) => fn());
    s.change();
    expect(s.patches).toBe(0);
    expect(s.state).toEqual({ session: {} });
  });
});
