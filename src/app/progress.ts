/**
 * The progress bar's model (doc 1 §4, UI-22..UI-27): shown per module (`progressBar.modules`)
 * and hidden while `progressBar.hideWhen` holds; 'step x of n' where x is the screen's place in
 * the applicant's path and n adds the longest remaining path (the engine's progressPlace: a
 * screen seen again keeps its number, a Change link counts the review's path); the fill is the
 * engine's progress (FLOW-22). Only panels show it: triage milestones and command steps never
 * do (UI-23).
 */
import { evaluateCondition, moduleAt, progressPlace, type Flow, type FlowContext, type StepView } from '../engine/flow';
import { getPath, type AppState } from '../engine/state';

export interface ProgressModel {
  visible: boolean;
  step: number;
  total: number;
  /** 0..100 */
  percent: number;
  /** Section header content keys, in order. */
  sections: string[];
  /** The index of the current module's section, if it has one. */
  current?: number;
}

export function progressModel(flow: Flow, state: AppState, view: StepView, ctx: FlowContext): ProgressModel {
  const bar = flow.product.progressBar;
  const sections = bar?.sections ?? [];
  const hidden: ProgressModel = { visible: false, step: 0, total: 0, percent: 0, sections };
  if (!bar || view.kind !== 'panel') return hidden;
  const instance = moduleAt(flow, view.position, view.module);
  const setting = bar.modules?.[view.module] ?? (instance ? bar.modules?.[instance.moduleId] : undefined);
  if (setting?.show !== true) return hidden;
  try {
    if (bar.hideWhen !== undefined && evaluateCondition(flow, bar.hideWhen, state, ctx)) return hidden;
  } catch {
    return hidden; // a failing rule hides the bar; the flow itself reports rule errors
  }
  const { step, total } = progressPlace(flow, state) ?? { step: 1, total: 1 };
  const p = getPath(state, 'flow.progress');
  const percent = Math.round(Math.min(1, Math.max(0, typeof p === 'number' ? p : 0)) * 100);
  const section = setting.section;
  return { visible: true, step, total, percent, sections, ...(section !== undefined && section < sections.length ? { current: section } : {}) };
}
