/**
 * Property (issue 10, CONT-25; docs/architecture.md "Observability"): whatever the applicant
 * typed, no log line, analytics event or URL the app would send carries a name, a birth date or
 * an SSN. Names with accents, apostrophes, hyphens and spaces; birth dates in the three accepted
 * forms (M/d/yyyy, yyyy-MM-dd, M/yyyy: src/ui/screens/form/dates.ts); SSNs with and without
 * dashes. They ride in log messages, log fields under neutral and personal keys, error stacks,
 * analytics fields, and the flow states the analytics observer reads.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTelemetry, loadTelemetryCore, type LogMessage } from '../../src/ui/telemetry';
import { maskPatterns } from '../../src/ui/telemetry-core';
import { personalValues } from '../../src/app/persist';
import { observeFlow } from '../../src/app/analytics';
import { pathOf } from '../../src/app/routes';
import type { AppState } from '../../src/engine/state';
import type { Flow, StepView } from '../../src/engine/flow';

const UPPER = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÀÂÄÃÅÇÉÈÊËÍÎÏÑÓÔÖÕØÚÙÛÜÝŒÆ'];
const LOWER = [...'abcdefghijklmnopqrstuvwxyzáàâäãåçéèêëíîïñóôöõøúùûüýÿœæß'];
const word = fc
  .tuple(fc.constantFrom(...UPPER), fc.array(fc.constantFrom(...LOWER), { minLength: 1, maxLength: 9 }), fc.constantFrom('', "'", '’', '-'), fc.array(fc.constantFrom(...LOWER), { minLength: 0, maxLength: 5 }))
  .map(([first, rest, joint, tail]) => first + rest.join('') + (tail.length > 0 ? joint + tail.join('') : ''));
/** A name as typed: one or two words (Mary Ann, D'Ángelo, Núñez-Zoë). */
const name = fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' '));

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const birth = fc.record({ y: fc.integer({ min: 1920, max: 2007 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });
/** The three accepted forms (DateWidget) and the stored one. */
function dateForms({ y, m, d }: { y: number; m: number; d: number }): { stored: string; typed: string[] } {
  const stored = `${y}-${pad(m, 2)}-${pad(d, 2)}`;
  return { stored, typed: [`${pad(m, 2)}/${pad(d, 2)}/${y}`, `${m}/${d}/${y}`, stored, `${pad(m, 2)}/${y}`, `${m}/${y}`] };
}
const ssn = fc.tuple(fc.integer({ min: 1, max: 899 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 })).map(([a, g, s]) => ({ dashed: `${pad(a, 3)}-${pad(g, 2)}-${pad(s, 4)}`, digits: `${pad(a, 3)}${pad(g, 2)}${pad(s, 4)}` }));

const applicant = fc.record({ first: name, middle: name, last: name, spouseFirst: name, birth, spouseBirth: birth, ssn, ssnTyped: fc.boolean() });
type Applicant = typeof applicant extends fc.Arbitrary<infer T> ? T : never;

/** What the applicant typed, in every written form, and what the state holds. */
function personal(a: Applicant) {
  const self = dateForms(a.birth);
  const spouse = dateForms(a.spouseBirth);
  const state: AppState = {
    flow: { position: 1, module: 'basic-info', step: 'basic-info-panel', variant: 'self', history: [{ position: 1, module: 'basic-info', step: 'basic-info-panel' }] },
    eligibility: {
      self: { personalInfo: { firstName: a.first, middleName: a.middle, lastName: a.last, dob: self.stored, ssn: a.ssnTyped ? a.ssn.dashed : a.ssn.digits } },
      spouse: { personalInfo: { firstName: a.spouseFirst, lastName: a.last, dob: spouse.stored } },
    },
  };
  const names = [a.first, a.middle, a.last, a.spouseFirst];
  const typed = [...names, ...self.typed, ...spouse.typed, a.ssn.dashed, a.ssn.digits];
  return { state, names, typed, secrets: [...names, ...names.map((n) => n.toLowerCase()), ...self.typed, ...spouse.typed, a.ssn.dashed, a.ssn.digits] };
}

const NEUTRAL = ['submit failed for', 'step basic-info-panel', 'reason', 'code 50015', 'status 500', 'member', 'x', '', 'à', '#'];
const SEPARATORS = [' ', ': ', ', ', '"', '(', ')', '/', '=', '', '\n', '|'];
const NEUTRAL_KEYS = ['step', 'note', 'detail', 'reason', 'value', 'module'];
const PERSONAL_KEYS = ['firstName', 'lastName', 'dob', 'ssn', 'birthDate', 'memberNumber'];

/** A message: neutral text and the applicant's values (any case), glued by any separator. */
function message(typed: string[]) {
  const piece = fc.oneof(
    fc.constantFrom(...NEUTRAL),
    fc.constantFrom(...typed),
    fc.constantFrom(...typed).map((v) => v.toUpperCase()),
  );
  return fc.array(fc.tuple(piece, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 8 }).map((parts) => parts.map(([p, s]) => p + s).join(''));
}

/** The whole run: log lines and analytics events carrying the applicant's values, every environment. */
const scenario = applicant.chain((a) => {
  const p = personal(a);
  const fields = fc.dictionary(fc.constantFrom(...NEUTRAL_KEYS, ...PERSONAL_KEYS), fc.oneof(message(p.typed), fc.integer()), { maxKeys: 5 });
  const call = fc.record({ level: fc.constantFrom('info' as const, 'warn' as const, 'error' as const), text: message(p.typed), fields, withError: fc.boolean() });
  return fc.record({ a: fc.constant(a), calls: fc.array(call, { minLength: 1, maxLength: 6 }) });
});

/** Words the sinks write whatever the applicant typed: a name inside one of them is no leak. */
const VOCABULARY = [...NEUTRAL, ...NEUTRAL_KEYS, ...PERSONAL_KEYS, '[redacted] [date] [number] [email]', 'ent-eligibility-modular-app info warn error', 'applicationName eventDateTime level message customFields stackTrace', 'eventId module_start module_complete module_ineligible eligibility_start member_created member_found spouse_created retriage', 'basic-info basic-info-panel sponsor-search search-sponsor self spouse variant position entry reasons', 'UNDER_18 reTriageSelf triage', 'http://log.test/ /basic-info-panel/self /aem/milestone/', new Error('x').stack ?? '']
  .join(' ')
  .toLowerCase();

beforeAll(async () => {
  await loadTelemetryCore();
});

describe('no personal data leaves through telemetry (property)', () => {
  it('log lines (console, batches, beacon), analytics events and their URLs carry no name, birth date or SSN', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ a, calls }) => {
        const p = personal(a);
        // A name that is a word every sink writes anyway (e.g. "Info") is not a leak.
        fc.pre(p.names.every((n) => !VOCABULARY.includes(n.toLowerCase())));
        const out = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
        const analytics = vi.fn();
        const sent: { url: string; batch: LogMessage[] }[] = [];
        for (const environment of ['development', 'production'] as const) {
          const t = createTelemetry({
            environment,
            loggingUrl: 'http://log.test/',
            console: out,
            analytics,
            personalValues: () => personalValues(p.state),
            send: async (url, batch) => void sent.push({ url, batch }),
            beacon: (url, batch) => void sent.push({ url, batch }),
            now: () => Date.UTC(2026, 10, 23),
          });
          for (const c of calls) {
            t.log(c.level, c.text, c.fields, c.withError ? new Error(c.text) : undefined);
            t.track(c.text.slice(0, 40), c.fields);
          }
          const pending = t.pending();
          await t.flush();
          sent.push({ url: 'pending', batch: [...pending] });
          // The analytics observer over flow states that hold the applicant's data.
          const states: AppState[] = [
            p.state,
            { ...p.state, eligibility: { ...(p.state.eligibility as object), reasons: ['UNDER_18'] } },
            { ...p.state, individuals: { guid: a.ssn.digits, memberFound: { isFound: true, codes: ['50015'] } }, sponsor: { isCreated: true, sponsorData: { sponsorCustId: a.last } } },
            { ...p.state, flow: { position: 0, module: 'triage', step: a.first, variant: 'self', entry: 'reTriageSelf', history: [{}, {}] } },
          ];
          let i = 0;
          const listeners = new Set<() => void>();
          const store = { getSnapshot: () => ({ state: states[i] as AppState }), subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)) };
          t.setPersonalValues(() => personalValues(states[i] as AppState));
          observeFlow(store, t, { newSession: true, defer: (fn) => fn() });
          for (i = 1; i < states.length; i++) for (const l of listeners) l();
          t.dispose();
        }
        // The URL mirror of each step: built from the engine's coordinates, never from answers.
        const flow = { docs: { commands: new Map() } } as unknown as Flow;
        const urls = (['panel', 'milestone', 'end', 'error'] as const).map((kind) => pathOf(flow, { kind, position: 1, module: 'basic-info', step: 'basic-info-panel', variant: 'self' } as StepView, { testRoutes: false }));
        const text = JSON.stringify([out.info.mock.calls, out.warn.mock.calls, out.error.mock.calls, out.debug.mock.calls, analytics.mock.calls, sent, urls]);
        for (const secret of p.secrets) {
          if (text.includes(secret)) throw new Error(`"${secret}" leaked: ${text.slice(Math.max(0, text.indexOf(secret) - 80), text.indexOf(secret) + 80)}`);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('birth dates and SSNs the app does not hold are masked by their shape alone', () => {
    fc.assert(
      fc.property(birth, ssn, fc.constantFrom(' ', ': ', ', ', '(', '"', '\n'), (b, s, sep) => {
        const forms = [...dateForms(b).typed, s.dashed, s.digits];
        const masked = maskPatterns(forms.join(sep));
        for (const f of forms) expect(masked).not.toContain(f);
      }),
      { numRuns: 200 },
    );
  });
});
