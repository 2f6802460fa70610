import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served under /join/get-started/ (ROUTE-01).
export default defineConfig({
  base: '/join/get-started/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
});
