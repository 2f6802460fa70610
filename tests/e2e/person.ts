/**
 * How a person fills a form in the end-to-end tests: by the visible labels, typing into text
 * inputs, choosing an option of a select by its visible text (waiting for a reference list to
 * arrive), picking a radio button by its label inside a labelled group, ticking a box. Nothing
 * here knows field ids: a test that passes here works for someone reading the screen.
 */
import type { Locator, Page } from 'playwright-core';

const screen = (page: Page): Locator => page.locator('[data-screen]').last();

function exact(label: string): RegExp {
  return new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(\\(optional\\))?\\s*\\*?\\s*$`, 'i');
}

/** The field with this visible label on the current screen (within a group, when given). */
export function field(page: Page, label: string, group?: string): Locator {
  const scope = group ? screen(page).getByRole('group', { name: exact(group) }) : screen(page);
  return scope.getByLabel(exact(label)).first();
}

/** Types into a text field as a person would (click, clear, type). */
export async function type(page: Page, label: string, value: string, group?: string): Promise<void> {
  const input = field(page, label, group);
  await input.click();
  await input.fill('');
  await input.pressSequentially(value, { delay: 0 });
}

/** Chooses an option by its visible text; waits until the list has it (reference data arrives from the service). */
export async function choose(page: Page, label: string, optionText: string | RegExp, group?: string): Promise<void> {
  const select = field(page, label, group);
  await select.waitFor({ state: 'visible' });
  const matcher = typeof optionText === 'string' ? exact(optionText) : optionText;
  // The placeholder ('Select an option') has an empty value and is never a choice.
  const option = select.locator('option:not([value=""])').filter({ hasText: matcher }).first();
  await option.waitFor({ state: 'attached', timeout: 15000 });
  const value = await option.getAttribute('value');
  await select.selectOption(value ?? '');
}

/** Picks the radio button `answer` in the group labelled `question`. */
export async function pick(page: Page, question: string, answer: string): Promise<void> {
  const group = screen(page).getByRole('radiogroup', { name: exact(question) }).or(screen(page).getByRole('group', { name: exact(question) }));
  await group.first().getByLabel(exact(answer)).check();
}

export async function tick(page: Page, label: string): Promise<void> {
  await field(page, label).check();
}

export async function pressContinue(page: Page): Promise<void> {
  await screen(page).locator('[data-action="continue"]').click();
}

/** The consent box of the check-your-answers page (issue 20): there only where the page asks it. */
export function consentBox(page: Page): Locator {
  return screen(page).locator('[data-part="consent"] input[type="checkbox"]');
}

/** Ticks the review page's consent box, as the applicant does before Continue. */
export async function giveConsent(page: Page): Promise<void> {
  await consentBox(page).check();
}

/** On the review page: tick the consent, then Continue (the sign-up completes or the applicant is handed over). */
export async function consentAndContinue(page: Page): Promise<void> {
  await giveConsent(page);
  await pressContinue(page);
}

/** The messages shown beside fields, by field label (the error summary is not counted). */
export async function fieldErrors(page: Page): Promise<string[]> {
  return screen(page).locator('.mu-field-error, [data-part="field-error"]').allInnerTexts();
}

/** The error summary's entries (each links to its field). */
export async function summaryErrors(page: Page): Promise<string[]> {
  return screen(page).locator('[data-part="error-summary"] li, .mu-error-summary li').allInnerTexts();
}

/** The basic-info panel as a person fills it (the same steps in every journey that passes it). */
export interface BasicInfo {
  first: string;
  last: string;
  dob: string;
  phone: string;
  email?: string;
  gender?: string;
  marital?: string;
}

export async function fillBasicInfo(page: Page, who: BasicInfo): Promise<void> {
  await type(page, 'First name', who.first);
  await type(page, 'Last name', who.last);
  await type(page, 'Date of birth', who.dob);
  if (who.gender) await pick(page, 'Gender', who.gender);
  if (who.marital) await choose(page, 'Marital status', who.marital);
  await choose(page, 'Country of citizenship', 'United States');
  if (who.email) await type(page, 'Email address', who.email);
  await choose(page, 'Phone country', /United States/);
  await type(page, 'Phone number', who.phone);
}

/** The address every walk gives: a domestic mailing address in San Antonio, the physical address the same. */
export async function typeDomesticAddress(page: Page): Promise<void> {
  await pick(page, 'Where is this address?', 'In the United States');
  await type(page, 'Street address', '1200 Oak Hollow Dr');
  await type(page, 'City', 'San Antonio');
  await choose(page, 'State', 'TX');
  await type(page, 'ZIP code', '78258');
  await tick(page, 'My physical address is the same as my mailing address');
}
