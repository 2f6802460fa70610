/**
 * React Router 7 ships as one large module whose top-level components and contexts are built by
 * calls (`var Link = React10.forwardRef(...)`, `React.createContext(...)`) without the
 * `/* @__PURE__ *\/` annotation, followed by `X.displayName = "X"` assignments. Rolldown must
 * keep what it cannot prove free of side effects, so every component the app never renders
 * (Link, NavLink, Form, the prefetch and framework parts) stayed on the first screen: about
 * 5 KiB gzip of the 112 KiB budget (README "Measured"). This build-only transform marks those
 * calls pure and drops the displayName lines (development labels), so unused parts shake out.
 * It changes nothing the app uses: a used component is kept, as before, with its code intact.
 */
import type { Plugin } from 'vite';

const ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;

export function pureReactRouter(): Plugin {
  return {
    name: 'muster:pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id)) return null;
      const out = code
        .replace(/^var ([A-Za-z0-9_$]+) = (React[0-9]*\.(?:forwardRef|createContext|memo)\()/gm, 'var $1 = /* @__PURE__ */ $2')
        .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm, '');
      return out === code ? null : { code: out, map: null };
    },
  };
}
