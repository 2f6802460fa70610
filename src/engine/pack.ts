/**
 * A product's document pack: the documents one product needs, as source texts, so the
 * browser loads a product in one request and checks it with the same loader as lint; and the
 * state contract they were checked against (its bare shape and fingerprint), which the
 * browser's first reading checks the rules' variables with (src/app/load.ts).
 */
import type { DocumentSet, SourceFile } from './loader';
import { panelNameOf } from './document-set';
import { resolveFlow } from './flow';
import { contractHash, contractShape } from './contract-shape';

export interface ProductPack {
  productId: string;
  files: SourceFile[];
  /** The state contract's bare shape (src/engine/contract-shape.ts). */
  contract: object;
  /** Its fingerprint: the first reading uses the contract only when it is the app's own. */
  contractHash: string;
  /**
   * Modules that a section of one of the pack's review pages names and the product does not run
   * (FLOW-29: the review is shared by products with different module orders). Their files are
   * the project's and stay out of the pack; the pack's check accepts a section naming one of
   * them (it never shows, src/engine/review.ts), and still refuses any other module the pack
   * lacks. Absent when there is none.
   */
  modulesNotRun?: string[];
}

/**
 * The files a product needs: its product chain, its modules and the error route's, their panels, every rule, the shared field definitions, all content, the command catalogue, the option sources and the payload mapping;
 * and the names of the modules its review pages name that it does not run (`modulesNotRun`).
 */
export function buildPack(docs: DocumentSet, sources: readonly SourceFile[], productId: string): ProductPack {
  const { flow } = resolveFlow(docs, productId);
  if (!flow) throw new Error(`product "${productId}" does not resolve`);
  const wanted = new Set<string>(['flows/commands.json', 'flows/option-sources.json', 'flows/service-codes.json', 'flows/payload.json']);
  for (let id: string | undefined = productId; id !== undefined; id = docs.products.get(id)?.value.extends) {
    const doc = docs.products.get(id);
    if (doc) wanted.add(doc.file);
  }
  const moduleIds = new Set([...flow.modules.map((m) => m.moduleId), ...flow.extraModules.keys()]);
  for (const product of [flow.product]) for (const seq of Object.values(product.sequences ?? {})) for (const ref of seq) moduleIds.add(typeof ref === 'string' ? ref : ref.module);
  for (const id of moduleIds) {
    const doc = docs.modules.get(id);
    if (!doc) continue;
    wanted.add(doc.file);
    for (const [stepId, step] of Object.entries(doc.value.steps)) {
      if (step.kind === 'panel') {
        const panel = docs.panels.get(panelNameOf(stepId));
        if (panel) wanted.add(panel.file);
      }
    }
  }
  // A review section may name a module this product does not run: the section never shows. Its
  // file is the project's (the project's check found it); the pack names it as left out.
  const notRun = new Set<string>();
  for (const doc of docs.panels.values()) {
    if (doc.value.kind !== 'review' || !wanted.has(doc.file)) continue;
    for (const section of doc.value.sections) if (!moduleIds.has(section.module) && docs.modules.has(section.module)) notRun.add(section.module);
  }
  const files = sources.filter(
    (s) => wanted.has(s.path) || /^rules\/[^/]+\.rules\.json$/.test(s.path) || /^schemas\/fields\/[^/]+\.json$/.test(s.path) || /^content\//.test(s.path),
  );
  const contract = contractShape(docs.contract.schema);
  return { productId, files, contract, contractHash: contractHash(contract), ...(notRun.size > 0 ? { modulesNotRun: [...notRun].sort() } : {}) };
}
