/**
 * Folds Rolldown's shared runtime chunk (rolldown-runtime-*.js: the CommonJS interop helpers)
 * into the entry chunk, so the first screen loads one script, not two (issue 4: at most 4
 * requests before the first question). Rolldown always hosts those helpers in a chunk of their
 * own when lazy chunks need them too, and offers no option to place them in the entry.
 *
 * The entry's `import{…}from"./rolldown-runtime-….js"` is blanked to spaces of the same length
 * and the helpers are defined on a new first line; the source map gets one empty line in
 * front, so every other position stays true. The lazy chunks keep importing the runtime chunk:
 * the helpers hold no state, so two copies behave as one. The entry's modulepreload link to
 * the runtime chunk is removed from index.html. The same is done for the lazy chunks named in
 * `alsoInto`.
 */
import { minifySync, type Plugin } from 'vite';

const RUNTIME_FILE = /(?:^|\/)rolldown-runtime-[^/]+\.js$/;

/** `x as y,z` → [['x','y'], ['z','z']]: the names either side of `as`. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      const [left, right] = s.split(/\s+as\s+/) as [string, string | undefined];
      return [left, right ?? left];
    });
}

/**
 * `alsoInto`: the names of lazy chunks that a first screen loads (the form's first paint,
 * `form-first`), which get their own copy of the helpers, so that screen does not load the
 * runtime chunk as one more request.
 */
export function inlineRuntimeIntoEntry(alsoInto: readonly string[] = []): Plugin {
  return {
    name: 'muster:inline-runtime',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const runtime = Object.values(bundle).find((f) => f.type === 'chunk' && RUNTIME_FILE.test(f.fileName));
        if (!runtime || runtime.type !== 'chunk') return;
        const exportMatch = /export\s*\{([^}]*)\};?\s*(?:\/\/# sourceMappingURL=\S*\s*)?$/.exec(runtime.code);
        if (!exportMatch) this.error(`inline-runtime: ${runtime.fileName} has no export list to read`);
        const body = runtime.code.slice(0, exportMatch.index);
        // `export{local as exported}`: exported name → the runtime's local name
        const exported = new Map(specifiers(exportMatch[1] ?? '').map(([local, outer]) => [outer, local]));
        const runtimeName = runtime.fileName.replace(/^.*\//, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const importRe = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"\\./${runtimeName}";`);
        const preloadRe = new RegExp(`\\s*<link rel="modulepreload"[^>]*${runtimeName}"[^>]*>`);
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !(file.isEntry || alsoInto.includes(file.name)) || !file.imports.includes(runtime.fileName)) continue;
          const m = importRe.exec(file.code);
          if (!m) this.error(`inline-runtime: ${file.fileName} imports ${runtime.fileName} in a form this plugin does not read`);
          // `import{imported as local}`: [imported name, the entry's local name]
          const wanted = specifiers(m[1] ?? '');
          const fields = wanted.map(([imported, local]) => `${imported}:${local}`).join(',');
          const returns = wanted
            .map(([imported]) => {
              const local = exported.get(imported);
              if (!local) this.error(`inline-runtime: ${runtime.fileName} does not export "${imported}"`);
              return `${imported}:${local}`;
            })
            .join(',');
          // Minified once more as a whole, so the helpers this chunk does not take drop out.
          const wrapped = `const{${fields}}=(()=>{${body.trim().replace(/;?$/, ';')}return{${returns}}})();`;
          const shaken = minifySync('inline-runtime.js', wrapped, { compress: true, mangle: true });
          if (shaken.errors.length > 0) this.error(`inline-runtime: the helpers for ${file.fileName} do not minify: ${shaken.errors[0]?.message ?? ''}`);
          const head = /^const\{([^}]*)\}=/.exec(shaken.code.trim());
          if (head?.[1] !== wanted.map(([imported, local]) => (imported === local ? local : `${imported}:${local}`)).join(',')) {
            this.error(`inline-runtime: minifying the helpers for ${file.fileName} changed the names it declares`);
          }
          const prelude = `${shaken.code.trim().replace(/\n/g, ' ')}\n`;
          file.code = prelude + file.code.slice(0, m.index) + ' '.repeat(m[0].length) + file.code.slice(m.index + m[0].length);
          // One line more in front: every mapping moves down a line. Vite has already emitted the
          // map as an asset beside the chunk; both copies are kept true.
          if (file.map) file.map.mappings = `;${file.map.mappings}`;
          const mapAsset = bundle[`${file.fileName}.map`];
          if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
            const map = JSON.parse(mapAsset.source) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapAsset.source = JSON.stringify(map);
          }
          file.imports = file.imports.filter((i) => i !== runtime.fileName);

          for (const html of Object.values(bundle)) {
            if (html.type !== 'asset' || !html.fileName.endsWith('.html') || typeof html.source !== 'string') continue;
            html.source = html.source.replace(preloadRe, '');
          }
        }
        // A first screen loads the entry and at most one of these chunks: they import nothing but
        // the entry (a module of the form's first paint left out of vite.config.ts FORM_FIRST would
        // land in a chunk of its own: one request more, or worse, a broken import).
        const entries = Object.values(bundle).filter((f) => f.type === 'chunk' && f.isEntry).map((f) => f.fileName);
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !(file.isEntry || alsoInto.includes(file.name))) continue;
          const others = file.imports.filter((i) => !entries.includes(i) && i !== runtime.fileName);
          if (others.length > 0) this.error(`inline-runtime: ${file.fileName}, which a first screen loads, imports ${others.join(', ')}: keep its modules in one chunk (vite.config.ts FORM_FIRST)`);
        }
      },
    },
  };
}
