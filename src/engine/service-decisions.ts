/**
 * How `npm run simulate` reads a service's answer (`{"status", "body"}`) for the commands that
 * judge it in code rather than by an outcome table: the sponsor search, the sponsor create or
 * update, and the address check. Each builds what the browser's command would send and decides
 * with the same functions (src/engine/sponsor-outcomes.ts, src/engine/address-answers.ts), so
 * a walk and the browser cannot disagree. Pure.
 */
import type { JsonValue, RuleEngine } from '../rules/index';
import { addressAnswerOf, addressFailed, addressStep, decideAddress, type AddressDecision } from './address-answers';
import { MalformedAnswerError, malformedFailure } from './service-answers';
import {
  createFailed,
  createRefused,
  decideCreate,
  decideSearch,
  decideUpdate,
  isSponsorDecision,
  searchFailed,
  sponsorAnswerOf,
  sponsorCustIdOf,
  sponsorFailure,
  stepEnvelope,
  type SponsorAnswer,
  type SponsorDecision,
  type SponsorStepInput,
} from './sponsor-outcomes';
import { getPath, isObject, type AppState, type JsonObject } from './state';

export type ServiceDecision = SponsorDecision | AddressDecision;

type Http = { status: number; body: JsonValue | undefined };

export interface ServiceWalk {
  state: AppState;
  /** The step's arguments as written (the address check judges two of them on its record). */
  args: JsonObject;
  /** A step argument, evaluated on the state (the step's own, else the catalogue's default). */
  arg: (name: string) => JsonValue | undefined;
  /** The service's answer to the command's call. */
  http: Http;
  /** The answer to a second call (the in-flow sponsor update, SPON-31), when the responses list gives one. */
  next: () => Http | 'invalid' | undefined;
  productId: string;
  request: { brand: string; memberNumberOrder: readonly number[] } | undefined;
  engine: RuleEngine;
  today: string;
}

const text = (v: JsonValue | undefined): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function sponsorInput(w: ServiceWalk): SponsorStepInput & { request: NonNullable<ServiceWalk['request']> } {
  if (!w.request) throw new Error('reading a sponsor answer needs config.json "sponsorRequest" (brand and member-number order)');
  const guid = getPath(w.state, 'individuals.guid');
  return {
    state: w.state,
    person: text(w.arg('person')),
    relationshipType: text(w.arg('relationshipType')),
    ctznLocCd: text(w.arg('ctznLocCd')),
    sendSsn: w.arg('sendSsn') === true,
    productId: w.productId,
    guid: typeof guid === 'string' && guid !== '' ? guid : undefined,
    request: w.request,
  };
}

/** The sponsor service's answer, or the decision for a 2xx body it cannot read. */
function readSponsor(http: Http, needsCustId: boolean, failed: (f: { status: number; codes: string[]; message: string }) => SponsorDecision): SponsorAnswer | SponsorDecision {
  try {
    return sponsorAnswerOf(http.status, http.body, needsCustId);
  } catch (err) {
    if (err instanceof MalformedAnswerError) return failed(malformedFailure(err));
    throw err;
  }
}

export const SERVICE_DECISIONS: Readonly<Record<string, (w: ServiceWalk) => ServiceDecision>> = {
  sponsorSearch(w) {
    const input = sponsorInput(w);
    const envelope = stepEnvelope('search', input);
    const answer = readSponsor(w.http, true, searchFailed);
    return isSponsorDecision(answer) ? answer : decideSearch(envelope, input.request.brand, answer);
  },
  sponsorCreate(w) {
    const mode = w.arg('mode');
    if (mode !== 'create' && mode !== 'update') throw new Error('the step gives no mode "create" or "update"');
    const input = sponsorInput(w);
    if (mode === 'create') {
      const envelope = stepEnvelope('create', input);
      const answer = readSponsor(w.http, true, createFailed);
      return isSponsorDecision(answer) ? answer : decideCreate(envelope, input.request.brand, answer);
    }
    const custId = sponsorCustIdOf(input);
    if (!custId) return sponsorFailure('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_SPONSOR_CUST_ID');
    const envelope = stepEnvelope('updateSponsor', input);
    const answer = readSponsor(w.http, false, createFailed);
    if (isSponsorDecision(answer)) return answer;
    const refused = createRefused(answer);
    if (refused) return refused;
    if (w.arg('inFlow') === true && input.guid) {
      // SPON-31: the in-flow update's answer is the next of the list; without one the walk takes it as accepted.
      const given = w.next();
      if (given === 'invalid') throw new Error('the in-flow sponsor update\'s "status" must be an HTTP status');
      const inFlow = given ? readSponsor(given, false, createFailed) : { status: 200, codes: [] };
      const inFlowRefused = isSponsorDecision(inFlow) ? inFlow : createRefused(inFlow);
      if (inFlowRefused) return inFlowRefused;
    }
    return decideUpdate(envelope, input.request.brand, answer, custId);
  },
  addressValidation(w) {
    const address = w.arg('address');
    if (!isObject(address)) throw new Error('the step gives no address block (argument "address")');
    const person = w.arg('person') ?? 'self';
    if (typeof person !== 'string' || !/^[a-z]+$/.test(person)) throw new Error('the argument "person" is not a person');
    let answer;
    try {
      answer = addressAnswerOf(w.http.status, w.http.body);
    } catch (err) {
      if (err instanceof MalformedAnswerError) return addressFailed(malformedFailure(err));
      throw err;
    }
    return decideAddress(addressStep({ person, block: w.arg('block'), address, args: w.args, state: w.state, engine: w.engine, today: w.today }), answer);
  },
};
