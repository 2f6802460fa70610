/**
 * The sandbox's content mapper (CONT-01, CONT-02, CONT-05): the eight disclaimer texts of doc 2
 * §7 as content-fragment sections named by the content keys they fill (src/engine/content-
 * mapper.ts), two of them as lists of paragraphs (CONT-06), beside an experience fragment.
 * `POST <apiBaseUrl>sandbox/content-mapper-failures` `{"times": n}` fails the next n mapper
 * requests with 503 (the app tries 3 times, then records the error `disclaimers`, CONT-07).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { json } from './requests';

export const SANDBOX_DISCLAIMERS: Record<string, string | string[]> = {
  'disclosures.creditCardApproval': 'All credit cards are subject to approval. Credit limits, rates and terms are set when your application is approved, based on your credit history.',
  'disclosures.contactlessSymbols': 'The Contactless Symbol and Contactless Indicator are trademarks owned by and used with the permission of EMVCo, LLC.',
  'disclosures.visaTrademark': 'Visa is a registered trademark of Visa International Service Association and used under license by the issuer.',
  'disclosures.amex': 'American Express is a federally registered service mark of American Express and is used by the issuer pursuant to a license.',
  'disclosures.onlineCompanies': 'Products are offered online by the provider and its companies. Each product\u2019s terms come from the company that offers it.',
  'disclosures.memberEligibilityLong': [
    'Membership eligibility is determined by military affiliation: active duty, guard and reserve, veterans, cadets and midshipmen, and their eligible family members.',
    'Eligible former dependents of members may also join. Eligibility applies to all products.',
  ],
  'disclosures.generalAgency': [
    'Insurance is provided by the provider\u2019s insurance companies.',
    'Insurance from other insurers is placed through the provider\u2019s general agency, which receives a fee for each policy it places.',
  ],
  'disclosures.nonDepositInvestment': 'Investments and insurance products are not deposits, are not FDIC insured, are not bank guaranteed, and may lose value.',
};

export function contentMapperAnswer(): object {
  return {
    sections: [
      ...Object.entries(SANDBOX_DISCLAIMERS).map(([name, text]) => ({ name, type: 'contentFragment', fields: { disclosures: text } })),
      { name: 'eligibility-footer', type: 'experienceFragment', path: '/content/experience-fragments/enterprise/eligibility/footer' },
    ],
  };
}

export function createContentMapperHandlers(api: (path: string) => string, wait: () => Promise<void>): HttpHandler[] {
  let failures = 0;
  return [
    http.get(api('v1/enterprise/cms/public/content-services/content-mapper/mappings'), async ({ request }) => {
      await wait();
      if (!new URL(request.url).searchParams.get('path')) return HttpResponse.json({ message: 'path is required' }, { status: 400 });
      if (failures > 0) {
        failures -= 1;
        return HttpResponse.json({ message: 'content service unavailable' }, { status: 503 });
      }
      return HttpResponse.json(contentMapperAnswer());
    }),
    http.post(api('sandbox/content-mapper-failures'), async ({ request }) => {
      const body = (await json(request)) as { times?: unknown } | undefined;
      failures = typeof body?.times === 'number' && body.times > 0 ? Math.floor(body.times) : 1;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
