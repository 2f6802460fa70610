/**
 * `npm run build` refuses exactly what `npm run lint:content` exits 1 on, and the browser's full
 * check refuses the same (issue 9, "Authors' tools": an orphan step used to pass the build). One
 * function decides (src/engine/check.ts); this drives its three callers on a copy of the project
 * with an orphan step: the lint command, the Vite plugin's buildStart as a build runs it, and the
 * browser's checkedFlow on the product's pack.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plugin, ResolvedConfig } from 'vite';
import { checkedFlow, configSource, DocumentLoadError } from '../../src/app/documents-error';
import { checkPack, checkProject } from '../../src/engine/check';
import { formatDiagnostic, type Diagnostic } from '../../src/engine/diagnostics';
import { buildPack } from '../../src/engine/pack';
import { createStateContract } from '../../src/engine/state-contract';
import { createAjvFormatValidator } from '../../src/engine/validate-ajv';
import { PROJECT_ROOT, lintProject, loadProject, readFormatSchemas, readJson, readProjectSources } from '../../tools/lib/project';
import { musterDocuments } from '../../tools/vite-plugin-muster';
import { edited, sourcesOf, type Docs } from './fixture';
import { aModuleWithEdges, positionAt, type Json } from './helpers';

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');

/** A copy of the project's documents and schemas, with an orphan step in one module. */
const root = mkdtempSync(path.join(tmpdir(), 'muster-build-check-'));
for (const folder of ['flows', 'schemas', 'rules', 'content', 'tests/scenarios']) cpSync(path.join(PROJECT_ROOT, folder), path.join(root, folder), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));
const { path: modulePath } = aModuleWithEdges(readProjectSources(root));
const moduleDoc = JSON.parse(readFileSync(path.join(root, modulePath), 'utf8')) as Json;
(moduleDoc.steps as Json)['orphan-step'] = { kind: 'branch', next: [{ to: '@end' }] };
const text = `${JSON.stringify(moduleDoc, null, 2)}\n`;
writeFileSync(path.join(root, modulePath), text);
const pos = positionAt(text, text.indexOf('"orphan-step":'));
const orphanLine = `${modulePath}:${pos.line}:${pos.col} error`;

/** The error lines lint prints for ROOT, and its exit status. */
function lintErrors(dir: string): { status: number | null; errors: string[] } {
  const r = spawnSync(TSX, [path.join(PROJECT_ROOT, 'tools/lint.ts'), dir], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  return { status: r.status, errors: r.stdout.split('\n').filter((l) => / error /.test(l) && !l.startsWith('lint: ')) };
}

/** The plugin's buildStart as `vite build` runs it: the error it refuses the build with, or undefined. */
function buildRefusal(dir: string): string | undefined {
  const plugin: Plugin = musterDocuments({ root: dir });
  const configResolved = plugin.configResolved as unknown as (c: ResolvedConfig) => void;
  const buildStart = plugin.buildStart as unknown as (this: unknown) => void;
  configResolved.call(plugin, { base: '/', command: 'build' } as ResolvedConfig);
  try {
    buildStart.call({
      error: (message: string) => {
        throw new Error(message);
      },
      warn: () => {},
    });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('one check for lint, the build and the browser', () => {
  it('an orphan step: lint exits 1, the build refuses the same errors, the browser refuses the pack', () => {
    const lint = lintErrors(root);
    expect(lint.status).toBe(1);
    const orphan = lint.errors.find((l) => l.startsWith(orphanLine));
    expect(orphan).toMatch(/step "orphan-step" of module \S+ is reached from neither .* \[unreachable-step\]$/);

    const refusal = buildRefusal(root);
    expect(refusal).toBeDefined();
    const refused = (refusal ?? '').split('\n').slice(1);
    expect(refused.sort()).toEqual([...lint.errors].sort());

    const sources = readProjectSources(root);
    const docs = loadProject(sources, root);
    const options = { validator: createAjvFormatValidator(readFormatSchemas(root)), contract: createStateContract(readJson('schemas/state.schema.json', root)) };
    const product = [...docs.products.values()].find((p) => p.value.abstract !== true && buildPack(docs, sources, p.value.id).files.some((f) => f.path === modulePath));
    expect(product).toBeDefined();
    let thrown: unknown;
    try {
      checkedFlow(buildPack(docs, sources, product?.value.id ?? ''), options);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DocumentLoadError);
    expect((thrown as DocumentLoadError).diagnostics.map(formatDiagnostic)).toContain(orphan);
  });

  it('a javascript: destinationURL and homeUrl (issue 13): lint exits 1 naming each at file:line:col, the build refuses the same, the browser refuses them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-unsafe-url-'));
    try {
      for (const folder of ['flows', 'schemas', 'rules', 'content', 'tests/scenarios', 'public']) cpSync(path.join(PROJECT_ROOT, folder), path.join(dir, folder), { recursive: true });
      const productPath = 'flows/products/join-now.json';
      const product = JSON.parse(readFileSync(path.join(dir, productPath), 'utf8')) as Json;
      product.destinationURL = 'javascript:alert(document.cookie)';
      const productText = `${JSON.stringify(product, null, 2)}\n`;
      writeFileSync(path.join(dir, productPath), productText);
      const config = JSON.parse(readFileSync(path.join(dir, 'public/config.json'), 'utf8')) as Json;
      config.homeUrl = 'javascript:alert(1)';
      const configText = `${JSON.stringify(config, null, 2)}\n`;
      writeFileSync(path.join(dir, 'public/config.json'), configText);
      const productAt = positionAt(productText, productText.indexOf('"javascript:alert(document.cookie)"'));
      const configAt = positionAt(configText, configText.indexOf('"javascript:alert(1)"'));

      const lint = lintErrors(dir);
      expect(lint.status).toBe(1);
      expect(lint.errors.sort()).toEqual(
        [
          `${productPath}:${productAt.line}:${productAt.col} error the URL "javascript:alert(document.cookie)" is refused: javascript: URLs are not allowed (it runs code): write a path on this site ("/...") or an https: URL [unsafe-url]`,
          `public/config.json:${configAt.line}:${configAt.col} error config.json URL "javascript:alert(1)" is refused: javascript: URLs are not allowed (it runs code): write a path on this site ("/...") or an https: URL [unsafe-url]`,
        ].sort(),
      );

      const refusal = buildRefusal(dir);
      expect(refusal).toBeDefined();
      expect((refusal ?? '').split('\n').slice(1).sort()).toEqual([...lint.errors].sort());

      // The browser's full check on the pack, with the config it runs with.
      const sources = readProjectSources(dir);
      const docs = loadProject(sources, dir);
      const options = { validator: createAjvFormatValidator(readFormatSchemas(dir)), contract: createStateContract(readJson('schemas/state.schema.json', dir)) };
      let thrown: unknown;
      try {
        checkedFlow(buildPack(docs, sources, 'join-now'), { ...options, config: configSource(config) });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(DocumentLoadError);
      expect((thrown as DocumentLoadError).diagnostics.map((d) => `${d.file} ${d.pointer} ${d.check}`).sort()).toEqual(['config.json /homeUrl unsafe-url', `${productPath} /destinationURL unsafe-url`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the project as it is: the build refuses exactly what lint reports as errors (none when lint passes)', () => {
    const lint = lintProject().findings.filter((d) => d.severity === 'error').map(formatDiagnostic);
    const { errors } = lintErrors(PROJECT_ROOT);
    expect(errors.sort()).toEqual([...lint].sort());
  });

  describe('a review section naming a module its product does not run (FLOW-29)', () => {
    // Module b shows a review page (rv) after qc; its sections name module z, which no product
    // runs (a form fz; a branch zb), and whatever a case adds. The project has z's file.
    const withReview = (sections: Json[]): Docs =>
      edited((d) => {
        const b = d['flows/modules/b.json'] as Json;
        (b.steps as Json).qc = { kind: 'panel', next: [{ to: 'rv' }] };
        (b.steps as Json).rv = { kind: 'panel', next: [{ to: '@end' }] };
        d['flows/modules/z.json'] = { id: 'z', start: 'fz', steps: { fz: { kind: 'panel', next: [{ to: 'zb' }] }, zb: { kind: 'branch', next: [{ to: '@end' }] } } };
        d['schemas/panels/fz.json'] = { id: 'fz', kind: 'form', bind: 'eligibility.{variant}.personalInfo', title: 'c.title', schema: { type: 'object', properties: { firstName: { type: 'string' } } }, labels: { firstName: 'c.answer' } };
        d['schemas/panels/rv.json'] = { id: 'rv', kind: 'review', title: 'c.title', sections };
      });
    const options = { validator: createAjvFormatValidator(readFormatSchemas()), contract: createStateContract(readJson('schemas/state.schema.json')) };
    const errorsOf = (findings: readonly Diagnostic[]): Diagnostic[] => findings.filter((d) => d.severity === 'error');

    it('is accepted by the project\'s check and by the pack\'s, which names the module as not run; the browser runs the pack', () => {
      const sources = sourcesOf(withReview([{ title: 'c.answer', module: 'z', step: 'fz' }]));
      expect(errorsOf(checkProject(sources, options).findings)).toEqual([]);
      const docs = loadProject(sources);
      const pack = buildPack(docs, sources, 'p');
      expect(pack.modulesNotRun).toEqual(['z']);
      expect(pack.files.some((f) => f.path === 'flows/modules/z.json' || f.path === 'schemas/panels/fz.json')).toBe(false);
      expect(errorsOf(checkPack(pack, options).findings)).toEqual([]);
      expect(checkedFlow(pack, options).flow.productId).toBe('p');
      // A pack whose list is dropped is refused where the section names the module: the list is what allows it.
      const bare = { ...pack, modulesNotRun: undefined };
      expect(errorsOf(checkPack(bare, options).findings).map((d) => `${d.file} ${d.pointer} ${d.check}`)).toEqual(['schemas/panels/rv.json /sections/0/module broken-reference']);
      expect(() => checkedFlow(bare, options)).toThrow(DocumentLoadError);
    });

    it('a module with no file at all is still refused at file:line:col, by lint and by the pack (which does not list it)', () => {
      const docs = withReview([{ title: 'c.answer', module: 'z', step: 'fz' }, { title: 'c.answer', module: 'occupaton', step: 'fz' }]);
      const sources = sourcesOf(docs);
      const text = sources.find((f) => f.path === 'schemas/panels/rv.json')?.text ?? '';
      const at = positionAt(text, text.indexOf('"occupaton"'));
      const errors = errorsOf(checkProject(sources, options).findings);
      expect(errors.map(formatDiagnostic)).toEqual([`schemas/panels/rv.json:${at.line}:${at.col} error review section names module "occupaton", which has no file flows/modules/occupaton.json [broken-reference]`]);
      const pack = buildPack(loadProject(sources), sources, 'p');
      expect(pack.modulesNotRun).toEqual(['z']);
      expect(errorsOf(checkPack(pack, options).findings).map(formatDiagnostic)).toEqual(errors.map(formatDiagnostic));
    });

    it('a step of a module not run that is missing or shows no form is still refused by the project\'s check', () => {
      const sources = sourcesOf(withReview([{ title: 'c.answer', module: 'z', step: 'zb' }, { title: 'c.answer', module: 'z', step: 'nope' }]));
      expect(errorsOf(checkProject(sources, options).findings).map((d) => `${d.pointer} ${d.message}`)).toEqual([
        '/sections/0/step step "zb" of module "z" does not show a form panel: a review section shows a form\'s answers',
        '/sections/1/step module "z" has no step "nope"',
      ]);
    });
  });

  it("a step reached only from a module no product visits is refused in that product's pack, so lint reports it", () => {
    const docs = edited((d) => {
      // Module z (in no product) jumps to b's step qx; nothing in the product reaches qx.
      const b = d['flows/modules/b.json'] as Json;
      (b.steps as Json).qx = { kind: 'branch', next: [{ to: '@end' }] };
      d['flows/modules/z.json'] = { id: 'z', start: 'zz', steps: { zz: { kind: 'branch', next: [{ to: { module: 'b', step: 'qx' } }] } } };
    });
    const sources = sourcesOf(docs);
    const options = { validator: createAjvFormatValidator(readFormatSchemas()), contract: createStateContract(readJson('schemas/state.schema.json')) };
    const errors = checkProject(sources, options).findings.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.file} ${d.check}`)).toEqual(['flows/modules/b.json pack', 'flows/modules/b.json pack']);
    expect(errors[0]?.message).toMatch(/^in the pack of (join-now|p) \(the documents the browser loads for it, src\/engine\/pack\.ts\): step "qx" of module b is reached from neither/);
  });
});
