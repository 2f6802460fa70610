/** Test helpers for the screens: content from content/en (plus test copy), telemetry spies, step views, precompiled validators. */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { vi } from 'vitest';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { StepView } from '../../src/engine/flow';
import type { ContentApi, Telemetry } from '../../src/ui/contract';

const ROOT = path.resolve(__dirname, '../..');

type Text = string | string[] | { html: string };

/** Every string in content/en/*.json. */
export function englishContent(): Record<string, Text> {
  const dir = path.join(ROOT, 'content/en');
  const strings: Record<string, Text> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    Object.assign(strings, (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { strings: Record<string, Text> }).strings);
  }
  return strings;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface TestContent extends ContentApi {
  missing: string[];
}

/** A ContentApi over content/en plus `extra` (tests' own keys win). HTML values are trusted here (the shell sanitises). */
export function makeContent(extra: Record<string, Text> = {}): TestContent {
  const strings: Record<string, Text> = { ...englishContent(), ...extra };
  const missing: string[] = [];
  const get = (key: string | undefined): Text | undefined => {
    if (key === undefined) return undefined;
    if (!Object.prototype.hasOwnProperty.call(strings, key)) {
      missing.push(key);
      return undefined;
    }
    return strings[key];
  };
  const fill = (s: string, vars?: Record<string, string>): string => s.replace(/\{(\w+)\}/g, (whole, name: string) => vars?.[name] ?? whole);
  return {
    missing,
    text(key, vars) {
      const v = get(key);
      if (v === undefined) return '';
      if (typeof v === 'string') return fill(v, vars);
      if (Array.isArray(v)) return v.join(' ');
      return v.html.replace(/<[^>]*>/g, '');
    },
    list(key) {
      const v = get(key);
      if (v === undefined) return [];
      if (typeof v === 'string') return [v];
      if (Array.isArray(v)) return v;
      return [v.html];
    },
    html(key) {
      const v = get(key);
      if (v === undefined) return '';
      if (typeof v === 'string') return escapeHtml(v);
      if (Array.isArray(v)) return v.map(escapeHtml).join('<br>');
      return v.html;
    },
    has(key) {
      return key !== undefined && Object.prototype.hasOwnProperty.call(strings, key);
    },
  };
}

export function makeTelemetry() {
  return { track: vi.fn<Telemetry['track']>(), log: vi.fn<Telemetry['log']>() };
}

export function makeView(step: string, variant = 'self', extra: Partial<StepView> = {}): StepView {
  return { kind: 'panel', position: 0, module: 'triage', step, variant, ...extra };
}

const requireFromHere = createRequire(import.meta.url);

/**
 * A panel schema's validator, precompiled as `npm run pack` does and loaded the way a bundle
 * loads it (CommonJS). `new Function` is for the tests only: the app never evaluates code.
 */
export function precompile(schema: object): ValidatorFunctions {
  const code = compileSchemaValidatorsCode(schema);
  const module = { exports: {} as ValidatorFunctions };
  // Tests only (they do not run under the CSP): run the generated CommonJS module.
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFromHere);
  return module.exports;
}

/** Read a project file (documents under test). */
export function readProjectJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

/** Axe rules that need layout or colour a DOM without rendering cannot give (checked in the e2e run instead). */
export const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
  rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
};
