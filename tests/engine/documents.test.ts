/** The browser checks documents with precompiled format validators; they must find what the Node validator finds. */
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/engine/loader';
import { createStateContract } from '../../src/engine/state-contract';
import { createAjvFormatValidator } from '../../src/engine/validate-ajv';
import { precompiledFormatValidator, flowFromPack, DocumentLoadError } from '../../src/app/documents';
import { readFormatSchemas, readJson, readProjectSources, loadProject } from '../../tools/lib/project';
import { buildPack } from '../../src/engine/pack';
import { inlineFormPanels } from '../../src/engine/field-refs';
import { loadFlow, PackLoadError, readFlow } from '../../src/app/load';

const contract = createStateContract(readJson('schemas/state.schema.json'));

describe('precompiled format validators (issue 4, strict CSP)', () => {
  it('find the same findings as the run-time Ajv validator on every document and on broken ones', () => {
    // The browser loads packs: every kind but rule tables and scenarios.
    const sources = readProjectSources().filter((s) => !s.path.startsWith('tests/') && !s.path.endsWith('.table.json'));
    const broken = sources.map((s) =>
      s.path === 'schemas/panels/basic-info-panel.json' ? { ...s, text: s.text.replace('"kind": "form"', '"kind": "form", "colour": "red"') } : s,
    );
    for (const set of [sources, broken]) {
      const node = loadDocuments(set, { validator: createAjvFormatValidator(readFormatSchemas()), contract });
      const browser = loadDocuments(set, { validator: precompiledFormatValidator, contract });
      expect(browser.diagnostics).toEqual(node.diagnostics);
    }
    const finding = loadDocuments(broken, { validator: precompiledFormatValidator, contract }).diagnostics.find((d) => d.check === 'format');
    expect(finding).toMatchObject({ file: 'schemas/panels/basic-info-panel.json', line: 4, pointer: '/colour' });
    expect(finding?.message).toMatch(/unknown property "colour"/);
  });

  it('a pack loads into a flow; a broken pack is refused with its findings', () => {
    const sources = readProjectSources();
    const docs = loadProject(sources);
    const pack = buildPack(docs, sources, 'join-now');
    expect(pack.files.some((f) => f.path.startsWith('tests/'))).toBe(false);
    expect(flowFromPack(pack).flow.productId).toBe('join-now');
    const bad = { ...pack, files: pack.files.map((f) => (f.path === 'flows/modules/triage.json' ? { ...f, text: f.text.slice(0, 200) } : f)) };
    expect(() => flowFromPack(bad)).toThrow(DocumentLoadError);
    try {
      flowFromPack(bad);
    } catch (err) {
      expect((err as DocumentLoadError).diagnostics[0]).toMatchObject({ file: 'flows/modules/triage.json', check: 'json-syntax' });
    }
  });

  it('the first reading leaves field references as written; the form chunk inlines them as the loader does', () => {
    const sources = readProjectSources();
    const docs = loadProject(sources);
    const pack = buildPack(docs, sources, 'join-now');
    const { docs: first } = readFlow(pack);
    const forms = [...first.panels.values()].filter((d) => d.value.kind === 'form');
    expect(forms.some((d) => JSON.stringify(d.value).includes('"$ref"'))).toBe(true);
    inlineFormPanels(first);
    inlineFormPanels(first); // once per set
    for (const d of forms) expect(d.value).toEqual(docs.panels.get(d.value.id)?.value);
    // A reference that does not resolve (refused by the build and by the full check) is never rendered without its rules.
    const broken = { ...pack, files: pack.files.filter((f) => !f.path.startsWith('schemas/fields/')) };
    expect(() => inlineFormPanels(readFlow(broken).docs)).toThrow(/no fields file/);
    expect(() => flowFromPack(broken)).toThrow(DocumentLoadError);
  });

  it('the first reading checks variables against the contract the pack carries when it is this build\'s; another one goes to the full reading', async () => {
    const sources = readProjectSources();
    const docs = loadProject(sources);
    const pack = buildPack(docs, sources, 'join-now');
    expect(readFlow(pack).docs.contract.isKnownVar('triage.variant')).toBe(true);
    // Built against another contract (an older or newer build): the first reading refuses it, the
    // full check reads it against this build's contract and runs it when it finds nothing.
    const other = { ...pack, contractHash: '0000000000000000', contract: { type: 'object' } };
    expect(() => readFlow(other)).toThrow(/state contract/);
    expect((await loadFlow(other)).flow.productId).toBe('join-now');
    const broken = { ...other, files: pack.files.map((f) => (f.path === 'flows/modules/triage.json' ? { ...f, text: f.text.slice(0, 200) } : f)) };
    await expect(loadFlow(broken)).rejects.toBeInstanceOf(PackLoadError);
  });
});
