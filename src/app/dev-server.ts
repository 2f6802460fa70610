/**
 * Whether this is Vite's development server (not the production build, not Vitest): there the
 * generated CommonJS validators cannot be imported, so documents and forms are checked with Ajv
 * compiled at run time instead (src/app/documents-dev.ts, src/app/validators.ts).
 */
export const DEV_SERVER = import.meta.env.DEV && import.meta.env.MODE !== 'test';
