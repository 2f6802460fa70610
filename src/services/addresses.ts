/**
 * The address service (doc 2 §7, ADDR-22..ADDR-26): `POST validations/address` with an address
 * claim and the headers customerId, appId (`ent-eligibility-modular`) and ent-eligibility-claim.
 * A 400 with codes is an answer, not a failure (ADDR-23): the caller judges it
 * (src/services/commands.ts, command addressValidation, with the step's rules). The shared client
 * with the address policy (POLICIES.addresses: CONST-02's 30000 ms helper, not retried).
 *
 * Also the one mapping between an address block of the forms (schemas/fields/address.json:
 * addressType and the type's fields, ADDR-04) and the provider's address fields (ADDR-03:
 * AddrLineTxt, AddrLineTxt1, AddrTypeCd, CityNm, CountryCd, ForeignZipCd, StateCd, ZipCd,
 * ZipSupplCd, with a `mailing`/`physical` prefix in the prospect payload, none in the claim).
 */
import type { AxiosInstance } from 'axios';
import type { JsonObject } from '../engine/state';
import { createClient } from './http';
import { POLICIES } from './endpoints';
import { addressAnswerOf, type AddressAnswer } from '../engine/address-answers';

// The pure parts (the claim's fields, the answer's reading, its meaning) are the engine's, shared with simulate.
export { addressText, blockFromProvider, DOMESTIC_COUNTRY, providerAddress, type AddressAnswer } from '../engine/address-answers';

/** ADDR-22: the appId header's value. */
export const ADDRESS_APP_ID = 'ent-eligibility-modular';

export interface AddressService {
  validate(claim: JsonObject, headers: { customerId?: string; claim?: string }, signal?: AbortSignal): Promise<AddressAnswer>;
}

export function createAddressService(apiBaseUrl: string, client: AxiosInstance = createClient(apiBaseUrl, POLICIES.addresses)): AddressService {
  return {
    async validate(claim, headers, signal) {
      const r = await client.post('validations/address', claim, {
        signal,
        headers: {
          appId: ADDRESS_APP_ID,
          ...(headers.customerId !== undefined ? { customerId: headers.customerId } : {}),
          ...(headers.claim !== undefined ? { 'ent-eligibility-claim': headers.claim } : {}),
        },
      });
      return addressAnswerOf(r.status, r.data);
    },
  };
}
