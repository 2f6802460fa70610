/**
 * Drives the real app like an applicant: answers question screens by clicking the answer
 * button, fills form panels field by field, presses milestone buttons; checks every screen
 * with axe on the way. The answers use simulate's keys (`militaryService`,
 * `spouse.militaryService`), so a scenario of tests/scenarios can be replayed in the browser.
 */
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentSet } from '../../src/engine/loader';
import { panelNameOf } from '../../src/engine/loader';
import type { FormPanel } from '../../src/engine/formats.generated';
import { answerKey } from '../../src/engine/simulate';
import type { JsonObject } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';
import { axe, describeViolations } from './browser';

export interface ScreenSeen {
  step: string;
  variant: string;
  milestone?: string;
}

/** The screen now shown, once it has settled (its heading rendered). */
export async function currentScreen(page: Page): Promise<ScreenSeen> {
  const root = page.locator('[data-screen]').last();
  await root.locator('h1').first().waitFor({ state: 'visible', timeout: 15000 });
  // A milestone's content may still be loading ('Processing ...').
  await page.waitForFunction(() => !document.querySelector('[data-screen][data-state="loading"]'), undefined, { timeout: 15000 });
  const [step, variant, milestone] = await Promise.all([
    root.getAttribute('data-screen'),
    root.getAttribute('data-variant'),
    root.getAttribute('data-milestone'),
  ]);
  return { step: step ?? '', variant: variant ?? 'self', ...(milestone ? { milestone } : {}) };
}

/** Waits until the screen differs from `previous` (the auto-advance and transitions are real). */
export async function nextScreen(page: Page, previous: ScreenSeen): Promise<ScreenSeen> {
  await page.waitForFunction(
    ([step, variant]) => {
      const roots = document.querySelectorAll('[data-screen]');
      const root = roots[roots.length - 1];
      return !!root && (root.getAttribute('data-screen') !== step || root.getAttribute('data-variant') !== variant) && !!root.querySelector('h1');
    },
    [previous.step, previous.variant],
    { timeout: 15000 },
  );
  return currentScreen(page);
}

let shots = 0;

/**
 * axe on the screen now shown. With E2E_SHOTS=<folder>, every screen checked is also saved there
 * as a full-page picture (by suite, numbered in the order seen, named by `where` and the width),
 * to look through what the suites walked.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (folder) {
    const suite = path.basename(expect.getState().testPath ?? 'e2e').replace(/\.e2e\.test\.ts$/, '');
    const name = `${suite}-${String(++shots).padStart(4, '0')}-${where.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60)}-${page.viewportSize()?.width ?? 0}.png`;
    await page.screenshot({ path: path.join(folder, name), fullPage: true, animations: 'disabled', caret: 'hide' });
  }
  const violations = await axe(page);
  expect(violations, `axe on ${where}:\n${describeViolations(violations)}`).toEqual([]);
}

function toEntryDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

type FieldSchema = { type?: string; enum?: string[]; format?: string; properties?: Record<string, FieldSchema> };

/**
 * The schema of property `key` under `schema`: in its `properties`, else in a branch (allOf,
 * anyOf, oneOf, if/then/else, dependencies) — a field that shows under a condition. The panel's
 * field references must be inlined (src/engine/field-refs.ts inlineFormPanels).
 */
export function propertySchema(schema: unknown, key: string): FieldSchema | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as Record<string, unknown>;
  const own = (s.properties as Record<string, FieldSchema> | undefined)?.[key];
  if (own) return own;
  const branches = [s.allOf, s.anyOf, s.oneOf].flatMap((b) => (Array.isArray(b) ? b : [])).concat([s.if, s.then, s.else], Object.values((s.dependencies as object | undefined) ?? {}));
  for (const b of branches) {
    const found = propertySchema(b, key);
    if (found) return found;
  }
  return undefined;
}

/**
 * Fills one control (id `root_<field>` or, inside an object such as an address block,
 * `root_<block>_<field>`) with a value: an object fills its fields in the order given (a type
 * first, so the fields it shows are there). A reference-data field is a select whose list arrives
 * from the service: the option whose value is the answer, or starts with it ('Sergeant' is
 * 'Sergeant (E-5)' in the rank list); a radio group (RadioWidget) is checked by the answer's place
 * in the enum; rjsf's own select uses option indexes as values.
 */
async function fillValue(page: Page, id: string, schema: FieldSchema | undefined, value: JsonValue): Promise<void> {
  if (value === null) return;
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) await fillValue(page, `${id}_${k}`, propertySchema(schema, k), v);
    return;
  }
  const input = page.locator(`#${id}`);
  const radios = page.locator(`[data-screen] input[type="radio"][id^="${id}-"]`);
  // (A locator waits for its element: ask only when there is one, as a radio group has none of this id.)
  if ((await input.count()) > 0 && (await input.getAttribute('data-options-state')) !== null) {
    const text = String(value);
    await page.waitForFunction((el) => document.getElementById(el)?.getAttribute('data-options-state') === 'ready', id, { timeout: 15000 }).catch(async () => {
      throw new Error(`${id}: its list is not ready (data-options-state "${(await input.getAttribute('data-options-state')) ?? ''}")`);
    });
    const options = (await input.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: (o.textContent ?? '').trim() })))).filter((o) => o.value !== '');
    // By value, else by the label the applicant reads ('Nurse' for its occupation code).
    const chosen = (options.find((o) => o.value === text) ?? options.find((o) => o.value.startsWith(`${text} (`)) ?? options.find((o) => o.label === text))?.value;
    if (chosen === undefined) throw new Error(`${id}: no option '${text}' in its list`);
    await input.selectOption(chosen);
  } else if (schema?.enum && (await radios.count()) > 0) {
    await radios.nth(schema.enum.indexOf(String(value))).check();
  } else if (schema?.enum) {
    await input.selectOption(String(schema.enum.indexOf(String(value))));
  } else if (schema?.type === 'boolean' || typeof value === 'boolean') {
    if (value === true) await input.check();
  } else if (schema?.format === 'date') {
    await input.fill(toEntryDate(String(value)));
  } else {
    await input.fill(String(value));
  }
}

/** Fills a form panel from the answers (by simulate key) and presses Continue. */
export async function fillForm(page: Page, panel: FormPanel, variant: string, answers: JsonObject): Promise<void> {
  const order = [...new Set([...(((panel.uiSchema as { 'ui:order'?: string[] } | undefined)?.['ui:order'] ?? []).filter((f) => f !== '*')), ...Object.keys(panel.schema.properties as object)])];
  for (const field of order) {
    const value = answers[answerKey(field, variant)];
    if (value === undefined || value === null) continue;
    await fillValue(page, `root_${field}`, propertySchema(panel.schema, field), value);
  }
  await page.locator('[data-screen] [data-action="continue"]').click();
}

export interface WalkResult {
  seen: ScreenSeen[];
  last: ScreenSeen;
}

/**
 * Walks from the current screen, answering from `answers` (each once), until a screen needs
 * an answer that is not given, or `stopAt` says stop. Milestones are passed with their first
 * button unless they are the stop. Every screen is checked with axe.
 */
export async function walk(
  page: Page,
  docs: DocumentSet,
  answers: JsonObject,
  stopAt: (screen: ScreenSeen, seen: ScreenSeen[]) => boolean,
): Promise<WalkResult> {
  const seen: ScreenSeen[] = [];
  const used = new Set<string>();
  let screen = await currentScreen(page);
  for (let i = 0; i < 60; i++) {
    seen.push(screen);
    await expectAccessible(page, `${screen.step}/${screen.variant}`);
    if (stopAt(screen, seen)) return { seen, last: screen };
    if (screen.milestone) {
      await page.locator('[data-screen] [data-action="primary"]').click();
    } else {
      const panel = docs.panels.get(panelNameOf(screen.step))?.value;
      if (!panel) throw new Error(`no panel document for screen ${screen.step}`);
      if (panel.kind === 'question') {
        const key = answerKey(panel.field, screen.variant);
        const value = answers[key];
        if (value === undefined || used.has(key)) return { seen, last: screen };
        used.add(key);
        await page.locator(`[data-screen] [data-answer="${String(value)}"]`).click();
      } else if (panel.kind === 'review') {
        return { seen, last: screen };
      } else {
        const keys = Object.keys(panel.schema.properties as object).map((f) => answerKey(f, screen.variant));
        if (!keys.some((k) => answers[k] !== undefined && !used.has(k))) return { seen, last: screen };
        for (const k of keys) used.add(k);
        await fillForm(page, panel, screen.variant, answers);
      }
    }
    screen = await nextScreen(page, screen);
  }
  throw new Error(`walk did not stop within 60 screens: ${seen.map((s) => s.step).join(' > ')}`);
}
