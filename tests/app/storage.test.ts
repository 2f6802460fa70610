/** Session storage (SESS-01, SESS-12..SESS-15) and what a reload keeps (no personal data). */
import { describe, expect, it, vi } from 'vitest';
import { SessionStore, SESSION_NAMESPACE, STORAGE_QUOTA, storageAvailable } from '../../src/app/storage';
import { personalValues, redactPersonal } from '../../src/app/persist';
import { MemoryStorage } from './helpers';

describe('session storage', () => {
  it('keeps every value in one JSON object under the namespace', () => {
    const storage = new MemoryStorage();
    const store = new SessionStore(storage, { log: vi.fn() });
    store.set({ productId: 'join-now', modulePositionIndex: 1 });
    store.set({ promotionCd: 'SPRING' });
    expect(JSON.parse(storage.getItem(SESSION_NAMESPACE) ?? '{}')).toEqual({ productId: 'join-now', modulePositionIndex: 1, promotionCd: 'SPRING' });
    store.remove('promotionCd');
    expect(new SessionStore(storage, { log: vi.fn() }).read()).toEqual({ productId: 'join-now', modulePositionIndex: 1 });
    store.clear();
    expect(storage.length).toBe(0);
  });

  it('says when storage is unavailable (private browsing, SESS-12)', () => {
    expect(storageAvailable(() => new MemoryStorage())).toBe(true);
    expect(storageAvailable(() => new MemoryStorage('all'))).toBe(false);
    expect(storageAvailable(() => new MemoryStorage('write'))).toBe(false);
    expect(storageAvailable(() => undefined)).toBe(false);
    expect(
      storageAvailable(() => {
        throw new Error('SecurityError');
      }),
    ).toBe(false);
  });

  it('logs read, write and remove failures as warnings and goes on (SESS-13)', () => {
    const log = vi.fn();
    const storage = new MemoryStorage('all');
    const store = new SessionStore(storage, { log });
    expect(store.read()).toEqual({});
    expect(store.set({ productId: 'x' })).toBe(false);
    store.clear();
    expect(log.mock.calls.map((c) => c[0])).toEqual(['warn', 'warn', 'warn']);
    expect(log.mock.calls.map((c) => c[1])).toEqual(['session storage read failed', 'session storage write failed', 'session storage remove failed']);
  });

  it('refuses a write past the 51200-character quota with a warning (SESS-14, SESS-15)', () => {
    const log = vi.fn();
    const storage = new MemoryStorage();
    const store = new SessionStore(storage, { log });
    store.set({ productId: 'join-now' });
    expect(store.set({ prefillDetails: 'x'.repeat(STORAGE_QUOTA) })).toBe(false);
    expect(log).toHaveBeenCalledWith('warn', expect.stringContaining('quota'), expect.anything());
    expect(store.read()).toEqual({ productId: 'join-now' });
  });

  it('reads a corrupt namespace as empty, with a warning', () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, '{not json');
    const log = vi.fn();
    expect(new SessionStore(storage, { log }).read()).toEqual({});
    expect(log).toHaveBeenCalledWith('warn', 'session storage read failed', expect.anything());
  });
});

describe('what a reload keeps', () => {
  const state = {
    flow: { position: 2, module: 'basic-info', step: 'basic-info-panel', variant: 'self', history: [], progress: 0.5, isComplete: false },
    session: { productId: 'join-now', promotionCd: 'SPRING' },
    triage: { militaryService: 'no', relativeMilitaryService: 'parent', parentMemberNumber: '123456789', spouse: { militaryService: 'yes' } },
    eligibility: {
      reasons: ['UNDER_18'],
      self: { personalInfo: { firstName: 'Harriet', lastName: 'Quimby', dob: '1875-05-11', ssn: '123-45-6789', phoneNumber: '5551234567', emailAddress: 'hq@example.com' }, militaryDetails: { branch: 'A', startDate: '2001-02-03' } },
      spouse: { personalInfo: { firstName: 'Amelia' } },
    },
    individuals: { guid: 'guid-1', lastStatus: 'update', memberFound: { isFound: false, codes: [] } },
    sponsor: { isEligible: true, sponsorData: { sponsorCustId: 'S123' }, codes: [] },
    app: { abandonStatus: false },
  };

  it('keeps the flow, the triage answers and the non-personal slices', () => {
    const kept = redactPersonal(state);
    expect(kept.flow).toEqual(state.flow);
    expect(kept.session).toEqual(state.session);
    expect(kept.triage).toEqual({ militaryService: 'no', relativeMilitaryService: 'parent', spouse: { militaryService: 'yes' } });
    expect(kept.eligibility).toEqual({ reasons: ['UNDER_18'] });
    expect(kept.individuals).toEqual({ lastStatus: 'update', memberFound: { isFound: false, codes: [] } });
    expect(kept.sponsor).toEqual({ isEligible: true, codes: [] });
  });

  it('never keeps names, birth dates, SSN, contact details, member numbers or ids', () => {
    const text = JSON.stringify(redactPersonal(state));
    for (const personal of ['Harriet', 'Quimby', '1875-05-11', '123-45-6789', '5551234567', 'hq@example.com', '123456789', 'Amelia', '2001-02-03', 'S123', 'guid-1']) {
      expect(text, personal).not.toContain(personal);
    }
  });

  it('lists the personal values held in memory (for telemetry masking)', () => {
    expect(personalValues(state)).toEqual(expect.arrayContaining(['Harriet', 'Quimby', '1875-05-11', '123-45-6789', '123456789', 'S123']));
    expect(personalValues(state)).not.toContain('UNDER_18');
  });

  it("keeps the prefill's pairs (PAY-08) in memory only, and masks their values, not their key names", () => {
    const prefilled = { ...state, individuals: { lastStatus: 'create', prefillDetails: [{ key: 'firstName', value: 'Bessie' }, { key: 'physicalAddress', value: { addressType: 'D', domesticCity: 'Atchison' } }] } };
    expect(redactPersonal(prefilled).individuals).toEqual({ lastStatus: 'create' });
    expect(personalValues(prefilled)).toEqual(expect.arrayContaining(['Bessie', 'Atchison']));
    expect(personalValues(prefilled)).not.toContain('firstName');
  });
});
