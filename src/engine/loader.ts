/**
 * The document loader: parses every document with positions, checks it against its format
 * schema, registers it (src/engine/document-set.ts), and resolves every reference (module,
 * panel, rule, content key, command, milestone content, re-triage entry). Each finding names
 * the file, the JSON pointer and what to fix. Lint, simulate, the tests and the browser's full
 * check all load through here.
 */
import { ARGUMENT_ROOT, AUTHOR_CHECKS, type JsonValue, type Logic } from '../rules/index';
import { isEmptyRule } from '../rules/engine';
import type { Condition, Edge, FormPanel, ModuleGraph, ProductFlow, QuestionPanel, ReviewPanel, Step, StepStart } from './formats.generated';
import { leafFields } from './review';
import { checkBindPaths, checkFormAdditions, checkOptionSources, type FormLintContext } from './form-lint';
import { inlineFieldRefs } from './field-refs';
import { checkCommandData } from './command-lint';
import { readingFindings } from './document-findings';
import { pointerOf } from './json-source';
import { parseJsonWithPositions } from './json-parse';
import { indexDocuments, milestoneHeadingKey, panelNameOf, asList, type Doc, type DocumentSet, type LoadOptions, type SourceFile } from './document-set';

export * from './document-set';

export function loadDocuments(files: readonly SourceFile[], options: LoadOptions): DocumentSet {
  // The full reading: what is wrong with each file and document as it is read, field references
  // inlined, and the rule checks written for authors (the browser's first reading, src/app/load.ts,
  // leaves all three to this one).
  const { set, report, failedFiles } = indexDocuments(files, {
    ...options,
    parse: parseJsonWithPositions,
    findings: readingFindings({ parse: parseJsonWithPositions, validator: options.validator }),
    inlineFieldRefs,
    ruleChecks: AUTHOR_CHECKS,
  });

  // A pack's modules left out because its product does not run them (LoadOptions.modulesNotRun); the pack is read from the network: only strings count.
  const notRun = new Set(Array.isArray(options.modulesNotRun) ? options.modulesNotRun.filter((m) => typeof m === 'string') : []);

  // 2. Named rules: operations, variables, references.
  const checkLogic = (doc: Doc<unknown>, pointer: string, logic: Logic): void => {
    for (const issue of set.ruleEngine.check(logic)) {
      report(doc, pointer + issue.path, 'error', ruleCheckId(issue.code), issue.message);
    }
  };
  const checkCondition = (doc: Doc<unknown>, pointer: string, condition: Condition | undefined): void => {
    if (condition === undefined || typeof condition === 'boolean') return;
    if (typeof condition === 'string') {
      if (!set.rules.has(condition)) report(doc, pointer, 'error', 'broken-reference', `unknown rule "${condition}"${suggest(condition, set.rules.keys())}`);
      else if (set.ruleEngine.ruleArguments(condition).length > 0) {
        const args = set.ruleEngine.ruleArguments(condition).map((a) => `"${a}": ...`).join(', ');
        report(doc, pointer, 'error', 'bad-rule', `rule "${condition}" takes arguments: write {"rule": ["${condition}", {${args}}]}`);
      }
      return;
    }
    // An empty rule would count as true (issue 22): refused here, and by the engine when evaluated.
    if (isEmptyRule(condition)) report(doc, pointer, 'error', 'bad-rule', 'an empty rule ({}) would count as true: write the condition, or true / false');
    else checkLogic(doc, pointer, condition as Logic);
  };
  const checkAssignments = (doc: Doc<unknown>, pointer: string, assignments: Record<string, Logic> | undefined): void => {
    if (!assignments) return;
    for (const [path, value] of Object.entries(assignments)) {
      const p = pointerOf([...pointer.split('/').slice(1), path]);
      if (!options.contract.isKnownVar(path)) report(doc, p, 'error', 'unknown-variable', `"${path}" is not in the state contract (schemas/state.schema.json)`, true);
      checkLogic(doc, p, value);
    }
  };
  const checkContentKey = (doc: Doc<unknown>, pointer: string, key: string | undefined): void => {
    if (key === undefined) return;
    if (!set.content.has(key)) report(doc, pointer, 'error', 'broken-reference', `unknown content key "${key}"${suggest(key, set.content.keys())}`);
  };

  for (const entry of set.rules.values()) {
    // A named rule is a condition: an empty one would count as true (issue 22).
    if (isEmptyRule(entry.rule.logic)) report(entry.doc, `${entry.pointer}/logic`, 'error', 'bad-rule', `rule "${entry.rule.id}" is an empty rule ({}), which would count as true: write its condition`);
    else checkLogic(entry.doc, `${entry.pointer}/logic`, entry.rule.logic);
  }

  // 3. Content: demo keys override existing keys only.
  for (const [key, entry] of set.demoContent) {
    if (!set.content.has(key)) report(entry.doc, entry.pointer, 'error', 'broken-reference', `demo content overrides "${key}", which has no default copy`, true);
  }

  // Widgets, option sources, checks, normalisation and bind paths (src/engine/form-lint.ts).
  const formLint: FormLintContext = { set, report, checkCondition, checkContentKey, suggest };
  checkOptionSources(formLint);
  // Command outcome tables and default arguments, the service-code catalogue (src/engine/command-lint.ts).
  checkCommandData(formLint);

  // 4. Panels: content keys and answer filters.
  for (const doc of set.panels.values()) {
    const p = doc.value;
    for (const field of ['title', 'subhead', 'highlight', 'alert', 'infoSubhead'] as const) {
      checkContentKey(doc, `/${field}`, (p as QuestionPanel)[field]);
    }
    for (const [variant, copy] of Object.entries(p.variants ?? {})) {
      for (const [field, key] of Object.entries(copy)) {
        if (typeof key === 'string' && field !== 'alertPosition') checkContentKey(doc, pointerOf(['variants', variant, field]), key);
      }
      // A variant's own answer labels: each names an answer of the panel and existing copy.
      for (const [value, key] of Object.entries(copy.answers ?? {})) {
        const ptr = pointerOf(['variants', variant, 'answers', value]);
        checkContentKey(doc, ptr, key);
        if (p.kind !== 'question') report(doc, ptr, 'error', 'broken-reference', `variant answer labels apply to question panels only`);
        else if (!p.answers.some((a) => 'value' in a && a.value === value)) report(doc, ptr, 'error', 'broken-reference', `variant "${variant}" labels answer "${value}", which is not one of the panel's answer values`);
      }
    }
    if (p.kind === 'question') {
      const seen = new Set<string>();
      p.answers.forEach((a, i) => {
        checkContentKey(doc, `/answers/${i}/label`, a.label);
        checkCondition(doc, `/answers/${i}/showWhen`, a.showWhen);
        if ('value' in a) {
          checkContentKey(doc, `/answers/${i}/description`, a.description);
          if (seen.has(a.value)) report(doc, `/answers/${i}/value`, 'error', 'duplicate-id', `answer value "${a.value}" appears twice`);
          seen.add(a.value);
        }
      });
      (p.linkButtons ?? []).forEach((b, i) => {
        checkContentKey(doc, `/linkButtons/${i}/label`, b.label);
        checkCondition(doc, `/linkButtons/${i}/showWhen`, b.showWhen);
        if (!seen.has(b.answer)) report(doc, `/linkButtons/${i}/answer`, 'error', 'broken-reference', `link button answers "${b.answer}", which is not one of the panel's answer values`);
      });
    } else if (p.kind === 'form') {
      checkFormPanel(doc as unknown as Doc<FormPanel>);
    } else {
      checkReviewPanel(doc as unknown as Doc<ReviewPanel>);
    }
  }

  /**
   * A review page's sections: copy, conditions, and a panel step of a module for each (its Change
   * link). The module is a module file; whether a product runs it is not the page's concern: a
   * section whose step was not answered never shows (FLOW-29: the review is shared by products
   * with different module orders). In a product's pack a module the product does not run is
   * left out, and the pack says so (`modulesNotRun`): such a section is accepted there, its
   * step having been checked with the project's documents.
   */
  function checkReviewPanel(doc: Doc<ReviewPanel>): void {
    // The applicant's consent: its copy, its condition, and a path of the state contract to store the tick at.
    const consent = doc.value.consent;
    if (consent) {
      if (consent.heading !== undefined) checkContentKey(doc, '/consent/heading', consent.heading);
      checkContentKey(doc, '/consent/label', consent.label);
      checkContentKey(doc, '/consent/message', consent.message);
      checkCondition(doc, '/consent/showWhen', consent.showWhen);
      if (!options.contract.isKnownVar(consent.path)) report(doc, '/consent/path', 'error', 'unknown-variable', `"${consent.path}" is not in the state contract (schemas/state.schema.json)`, true);
    }
    doc.value.sections.forEach((section, i) => {
      const sp = `/sections/${i}`;
      checkContentKey(doc, `${sp}/title`, section.title);
      checkCondition(doc, `${sp}/showWhen`, section.showWhen);
      const module = set.modules.get(section.module);
      if (!module && notRun.has(section.module)) return;
      if (!module) {
        report(doc, `${sp}/module`, 'error', 'broken-reference', `review section names module "${section.module}", which has no file flows/modules/${section.module}.json${suggest(section.module, set.modules.keys())}`);
        return;
      }
      const step = module.value.steps[section.step];
      const shown = step?.kind === 'panel' ? set.panels.get(panelNameOf(section.step)) : undefined;
      if (!step) report(doc, `${sp}/step`, 'error', 'broken-reference', `module "${section.module}" has no step "${section.step}"${suggest(section.step, Object.keys(module.value.steps))}`);
      else if (!shown || shown.value.kind !== 'form') report(doc, `${sp}/step`, 'error', 'broken-reference', `step "${section.step}" of module "${section.module}" does not show a form panel: a review section shows a form's answers`);
      else {
        const fields = leafFields(shown.value.schema as JsonValue);
        // A field, or a group of fields (an address block).
        const has = (f: string): boolean => fields.includes(f) || fields.some((l) => l.startsWith(`${f}.`));
        (section.fields ?? []).forEach((f, j) => {
          if (!has(f)) report(doc, `${sp}/fields/${j}`, 'error', 'broken-reference', `panel "${shown.value.id}" has no field "${f}"${suggest(f, fields)}`);
        });
        for (const f of Object.keys(section.mask ?? {})) {
          if (!fields.includes(f)) report(doc, pointerOf(['sections', String(i), 'mask', f]), 'error', 'broken-reference', `panel "${shown.value.id}" has no field "${f}" to mask`, true);
        }
        for (const [f, format] of Object.entries(section.format ?? {})) {
          const ptr = pointerOf(['sections', String(i), 'format', f]);
          if (!fields.includes(f)) report(doc, ptr, 'error', 'broken-reference', `panel "${shown.value.id}" has no field "${f}" to format`, true);
          checkCondition(doc, `${ptr}/when`, format.when);
        }
        for (const [f, when] of Object.entries(section.hide ?? {})) {
          const ptr = pointerOf(['sections', String(i), 'hide', f]);
          if (!has(f)) report(doc, ptr, 'error', 'broken-reference', `panel "${shown.value.id}" has no field "${f}" to hide`, true);
          checkCondition(doc, ptr, when);
        }
      }
    });
  }

  function checkFormPanel(doc: Doc<FormPanel>): void {
    const p = doc.value;
    if (Array.isArray(p.heldError)) {
      p.heldError.forEach((h, i) => {
        checkCondition(doc, `/heldError/${i}/when`, h.when);
        checkContentKey(doc, `/heldError/${i}/message`, h.message);
      });
    } else if (p.heldError) {
      checkCondition(doc, '/heldError/when', p.heldError.when);
      checkContentKey(doc, '/heldError/message', p.heldError.message);
    }
    const props = Object.keys((p.schema.properties ?? {}) as object);
    // Fields that show under a condition (dependencies, if/then, oneOf) count too.
    const leaves = leafFields(p.schema as JsonValue);
    const known = (field: string): boolean => props.includes(field.split('.')[0] ?? '') || leaves.includes(field) || leaves.some((l) => l.startsWith(`${field}.`));
    for (const [group, map] of [
      ['labels', p.labels],
      ['help', p.help],
    ] as const) {
      for (const [field, key] of Object.entries(map ?? {})) {
        const ptr = pointerOf([group, field]);
        checkContentKey(doc, ptr, key);
        if (!known(field)) report(doc, ptr, 'error', 'broken-reference', `${group} names field "${field}", which the form schema does not have`, true);
      }
    }
    for (const field of props) {
      if (!p.labels?.[field]) report(doc, pointerOf(['schema', 'properties', field]), 'error', 'missing-copy', `field "${field}" has no label: add it to "labels" as a content key`, true);
    }
    for (const [field, values] of Object.entries(p.enumLabels ?? {})) {
      for (const [value, key] of Object.entries(values)) checkContentKey(doc, pointerOf(['enumLabels', field, value]), key);
    }
    for (const [keyword, key] of Object.entries(p.messages ?? {})) checkContentKey(doc, pointerOf(['messages', keyword]), key);
    checkFormAdditions(doc, formLint);
  }

  // 5. Modules: steps, targets, panels, milestones, commands, conditions.
  const entryNames = new Set<string>();
  for (const m of set.modules.values()) for (const name of Object.keys(m.value.entries ?? {})) entryNames.add(name);

  for (const doc of set.modules.values()) checkModule(doc, doc.value, '');

  function checkModule(doc: Doc<unknown>, graph: ModuleGraph, prefix: string): void {
    const steps = graph.steps;
    const checkTarget = (pointer: string, edge: Edge): void => {
      const to = edge.to;
      if (typeof to === 'string') {
        if (to.startsWith('@')) {
          if (to === '@retriage' && edge.retriage !== undefined) return;
          return;
        }
        if (!Object.prototype.hasOwnProperty.call(steps, to)) {
          report(doc, `${pointer}/to`, 'error', 'broken-reference', `edge goes to unknown step "${to}"${suggest(to, Object.keys(steps))}`);
        }
        return;
      }
      const target = set.modules.get(to.module);
      if (!target) {
        report(doc, `${pointer}/to/module`, 'error', 'broken-reference', `edge goes to unknown module "${to.module}"${suggest(to.module, set.modules.keys())}`);
        return;
      }
      if (to.entry !== undefined && !target.value.entries?.[to.entry]) {
        report(doc, `${pointer}/to/entry`, 'error', 'broken-reference', `module "${to.module}" has no entry "${to.entry}"`);
      }
      if (to.step !== undefined && !Object.prototype.hasOwnProperty.call(target.value.steps, to.step)) {
        report(doc, `${pointer}/to/step`, 'error', 'broken-reference', `module "${to.module}" has no step "${to.step}"`);
      }
    };
    const checkEdges = (pointer: string, edges: readonly Edge[], step: Step | undefined, stepId: string | undefined): void => {
      edges.forEach((edge, i) => {
        const ep = `${pointer}/${i}`;
        checkTarget(ep, edge);
        checkCondition(doc, `${ep}/when`, edge.when);
        checkAssignments(doc, `${ep}/set`, edge.set);
        if (edge.retriage !== undefined && !entryNames.has(edge.retriage)) {
          report(doc, `${ep}/retriage`, 'error', 'broken-reference', `no module has the re-triage entry "${edge.retriage}"${suggest(edge.retriage, entryNames)}`);
        }
        if (edge.answer !== undefined) {
          const panel = step?.kind === 'panel' && stepId ? set.panels.get(panelNameOf(stepId)) : undefined;
          if (!panel || panel.value.kind !== 'question') {
            report(doc, `${ep}/answer`, 'error', 'bad-edge', '"answer" is for edges of question-panel steps');
          } else {
            const values = new Set(panel.value.answers.flatMap((a) => ('value' in a ? [a.value] : [])));
            for (const [j, v] of asList(edge.answer).entries()) {
              if (!values.has(v)) report(doc, typeof edge.answer === 'string' ? `${ep}/answer` : `${ep}/answer/${j}`, 'error', 'broken-reference', `panel "${panel.value.id}" has no answer "${v}"${suggest(v, values)}`);
            }
          }
        }
        if (edge.outcome !== undefined) {
          const command = step?.kind === 'command' && step.command ? set.commands.get(step.command) : undefined;
          if (!command) {
            report(doc, `${ep}/outcome`, 'error', 'bad-edge', '"outcome" is for edges of command steps');
          } else {
            for (const [j, v] of asList(edge.outcome).entries()) {
              if (!command.command.outcomes.includes(v)) report(doc, typeof edge.outcome === 'string' ? `${ep}/outcome` : `${ep}/outcome/${j}`, 'error', 'broken-reference', `command "${step?.command}" has no outcome "${v}" (outcomes: ${command.command.outcomes.join(', ')})`);
            }
          }
        }
      });
    };
    const checkStart = (pointer: string, start: StepStart): void => {
      if (typeof start === 'string') {
        if (!Object.prototype.hasOwnProperty.call(steps, start)) report(doc, pointer, 'error', 'broken-reference', `start step "${start}" does not exist${suggest(start, Object.keys(steps))}`);
      } else {
        checkEdges(pointer, start, undefined, undefined);
      }
    };
    checkStart(`${prefix}/start`, graph.start);
    for (const [name, entry] of Object.entries(graph.entries ?? {})) {
      checkStart(pointerOf([...prefix.split('/').slice(1), 'entries', name, 'start']), entry.start);
      checkAssignments(doc, pointerOf([...prefix.split('/').slice(1), 'entries', name, 'set']), entry.set);
    }
    for (const [id, step] of Object.entries(steps)) {
      const sp = pointerOf([...prefix.split('/').slice(1), 'steps', id]);
      if (step.kind === 'panel') {
        const panel = set.panels.get(panelNameOf(id));
        if (!panel && failedFiles.has(`schemas/panels/${panelNameOf(id)}.json`)) {
          // reported at the panel file itself
        } else if (!panel) report(doc, sp, 'error', 'broken-reference', `step "${id}" shows panel "${panelNameOf(id)}", which has no file schemas/panels/${panelNameOf(id)}.json`, true);
        else if (step.variant && step.variant !== 'self' && panel.value.variants && !panel.value.variants[step.variant]) {
          report(doc, `${sp}/variant`, 'warning', 'missing-copy', `panel "${panel.value.id}" has no copy for variant "${step.variant}"; the self copy is shown`);
        }
      }
      if (step.kind === 'milestone' && step.content !== undefined) {
        if (!set.content.has(milestoneHeadingKey(step.content))) {
          report(doc, `${sp}/content`, 'error', 'broken-reference', `milestone content "${step.content}" has no heading: add content key "${milestoneHeadingKey(step.content)}"`);
        }
      }
      // Command arguments are JSON-Logic on the state: checked like any rule.
      for (const [name, value] of Object.entries(step.args ?? {})) checkLogic(doc, pointerOf([...sp.split('/').slice(1), 'args', name]), value);
      if (step.kind === 'command' && step.command !== undefined && !set.commands.has(step.command)) {
        report(doc, `${sp}/command`, 'error', 'broken-reference', `unknown command "${step.command}"${suggest(step.command, set.commands.keys())} (commands are listed in flows/commands.json)`);
      }
      checkEdges(`${sp}/next`, step.next ?? [], step, id);
    }
  }

  // 5b. Where panels store their answers: in the state contract.
  checkBindPaths(formLint);

  // 6. Products: modules, content, extends.
  for (const doc of set.products.values()) {
    const p = doc.value;
    if (p.extends !== undefined && !set.products.has(p.extends)) {
      report(doc, '/extends', 'error', 'broken-reference', `extends unknown product "${p.extends}"${suggest(p.extends, set.products.keys())}`);
    }
    const sequences: [string, NonNullable<ProductFlow['modules']>][] = [];
    if (p.modules) sequences.push(['/modules', p.modules]);
    for (const [sid, seq] of Object.entries(p.sequences ?? {})) sequences.push([pointerOf(['sequences', sid]), seq]);
    for (const [ptr, seq] of sequences) {
      seq.forEach((ref, i) => {
        const name = typeof ref === 'string' ? ref : ref.module;
        if (!set.modules.has(name)) {
          report(doc, typeof ref === 'string' ? `${ptr}/${i}` : `${ptr}/${i}/module`, 'error', 'broken-reference', `unknown module "${name}"${suggest(name, set.modules.keys())}`);
        }
      });
    }
    if (p.errorRoute && !set.modules.get(p.errorRoute.module)?.value.steps[p.errorRoute.step]) {
      report(doc, '/errorRoute', 'error', 'broken-reference', `error route ${p.errorRoute.module}/${p.errorRoute.step} does not exist`);
    }
    if (p.moduleEnd && !set.modules.get(p.moduleEnd.module)?.value.steps[p.moduleEnd.step]) {
      report(doc, '/moduleEnd', 'error', 'broken-reference', `module end ${p.moduleEnd.module}/${p.moduleEnd.step} does not exist`);
    }
    const cfg = p.config;
    checkContentKey(doc, '/config/productName', cfg?.productName);
    for (const [k, v] of Object.entries(cfg?.exitDialog ?? {})) checkContentKey(doc, `/config/exitDialog/${k}`, v);
    for (const [k, v] of Object.entries(cfg?.modals ?? {})) checkContentKey(doc, `/config/modals/${k}`, v);
    (p.disclaimers ?? []).forEach((d, i) => checkContentKey(doc, `/disclaimers/${i}/key`, d.key));
    (p.footnotes ?? []).forEach((d, i) => checkContentKey(doc, `/footnotes/${i}/key`, d.key));
    (p.progressBar?.sections ?? []).forEach((k, i) => checkContentKey(doc, `/progressBar/sections/${i}`, k));
    checkCondition(doc, '/progressBar/hideWhen', p.progressBar?.hideWhen);
    for (const [from, to] of Object.entries(p.milestones?.content ?? {})) {
      if (!set.content.has(milestoneHeadingKey(to))) report(doc, pointerOf(['milestones', 'content', from]), 'error', 'broken-reference', `milestone content "${to}" has no heading: add content key "${milestoneHeadingKey(to)}"`);
    }
    (p.startPosition ?? []).forEach((s, i) => checkCondition(doc, `/startPosition/${i}/when`, s.when));
  }

  // 7. Rule tables: the rule exists and the columns are in the contract.
  for (const doc of set.ruleTables) {
    doc.value.tables.forEach((t, i) => {
      if (!set.rules.has(t.rule)) report(doc, `/tables/${i}/rule`, 'error', 'broken-reference', `unknown rule "${t.rule}"${suggest(t.rule, set.rules.keys())}`);
      const arrow = t.columns.indexOf('=>');
      if (arrow !== t.columns.length - 1) report(doc, `/tables/${i}/columns`, 'error', 'bad-table', 'the last column must be "=>" (the expected value), and only the last');
      // A rule that takes arguments is tested with columns arg.<name> (its arguments), not the state.
      const args = set.rules.has(t.rule) ? set.ruleEngine.ruleArguments(t.rule) : [];
      t.columns.forEach((c, j) => {
        if (args.length > 0 && c !== '=>') {
          if (!args.some((a) => c === `${ARGUMENT_ROOT}.${a}` || c.startsWith(`${ARGUMENT_ROOT}.${a}.`))) report(doc, `/tables/${i}/columns/${j}`, 'error', 'unknown-variable', `column "${c}" is not an argument of rule "${t.rule}" (${args.map((a) => `${ARGUMENT_ROOT}.${a}`).join(', ')})`);
          return;
        }
        if (c !== '=>' && !options.contract.isKnownVar(c)) report(doc, `/tables/${i}/columns/${j}`, 'error', 'unknown-variable', `column "${c}" is not in the state contract`);
      });
      t.rows.forEach((row, j) => {
        if (row.length !== t.columns.length) report(doc, `/tables/${i}/rows/${j}`, 'error', 'bad-table', `row has ${row.length} cells; the table has ${t.columns.length} columns`);
      });
    });
  }

  return set;
}

function ruleCheckId(code: string): string {
  switch (code) {
    case 'UNKNOWN_OPERATION':
      return 'unknown-operation';
    case 'UNKNOWN_VARIABLE':
    case 'DYNAMIC_VARIABLE':
    case 'FORBIDDEN_PATH':
      return 'unknown-variable';
    case 'UNKNOWN_RULE':
      return 'broken-reference';
    default:
      return 'bad-rule';
  }
}

/** ` (did you mean "x"?)` when a known name is close to the unknown one. */
export function suggest(name: string, known: Iterable<string>): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(name.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = k;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? ` (did you mean "${best}"?)` : '';
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}
