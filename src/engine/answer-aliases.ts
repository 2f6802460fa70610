/**
 * Older notations of answer values (TRI-05): a question panel's answer may list `aliases`
 * (`someone else` for `someoneElse`, `none` for `noOne`); an answer that enters the app from
 * outside the screens (simulate's input `answers` and `state`, a resumed session's stored
 * state, prefilled state) is normalised to the value here, once, so everything after it
 * (edges, rules, the payload) sees one notation. Which notations exist is data (the panels),
 * never code. Pure: no React, no DOM.
 */
import type { JsonValue } from '../rules/index';
import type { DocumentSet } from './document-set';
import type { QuestionPanel } from './formats.generated';
import { answerPath } from './flow';
import { getPath, isObject, setPath, type AppState, type JsonObject } from './state';
import { panelNameOf } from './document-set';

export interface AnswerAliases {
  /** Answer field -> older notation -> the value it stands for. */
  byField: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The state paths where an answer with older notations is stored (every variant a step shows it in). */
  paths: ReadonlyArray<{ path: string; field: string }>;
}

/** The older notations the documents declare, by answer field, and where those answers live in the state. */
export function answerAliases(docs: Pick<DocumentSet, 'panels' | 'modules'>): AnswerAliases {
  const byField = new Map<string, Map<string, string>>();
  const panels = new Map<string, QuestionPanel>();
  for (const { value: p } of docs.panels.values()) {
    if (p.kind !== 'question') continue;
    for (const a of p.answers) {
      if (!('value' in a) || !a.aliases || a.aliases.length === 0) continue;
      const map = byField.get(p.field) ?? new Map<string, string>();
      for (const alias of a.aliases) map.set(alias, a.value);
      byField.set(p.field, map);
      panels.set(p.id, p);
    }
  }
  const seen = new Set<string>();
  const paths: { path: string; field: string }[] = [];
  for (const { value: graph } of docs.modules.values()) {
    for (const [id, step] of Object.entries(graph.steps)) {
      const panel = step.kind === 'panel' ? panels.get(panelNameOf(id)) : undefined;
      if (!panel) continue;
      const path = answerPath(panel, step.variant ?? 'self');
      if (seen.has(path)) continue;
      seen.add(path);
      paths.push({ path, field: panel.field });
    }
  }
  return { byField, paths };
}

/** TRI-05: the value an answer stands for: its older notation mapped, anything else as given. */
export function normalizeAnswer(aliases: AnswerAliases, field: string, value: JsonValue): JsonValue {
  if (typeof value !== 'string') return value;
  return aliases.byField.get(field)?.get(value) ?? value;
}

/** A state with every stored answer in the current notation (a resumed session, prefilled state). */
export function normalizeStateAnswers(aliases: AnswerAliases, state: AppState): AppState {
  let out = state;
  for (const { path, field } of aliases.paths) {
    const value = getPath(out, path);
    if (value === undefined) continue;
    const next = normalizeAnswer(aliases, field, value);
    if (next !== value) out = setPath(out, path, next);
  }
  return out;
}

/** simulate's input answers (`field` or `variant.field` keys) in the current notation. */
export function normalizeAnswerMap(aliases: AnswerAliases, answers: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(answers)) {
    const field = key.includes('.') ? key.slice(key.lastIndexOf('.') + 1) : key;
    out[key] = value === undefined ? value : normalizeAnswer(aliases, field, value);
  }
  return out;
}

/** Convenience for callers that hold a state slice that may be absent. */
export function normalizeInitialState(aliases: AnswerAliases, state: JsonObject | undefined): JsonObject {
  return isObject(state) ? (normalizeStateAnswers(aliases, state) as JsonObject) : {};
}
