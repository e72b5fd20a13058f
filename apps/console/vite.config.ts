import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const rootPackage = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

const PURE_FORM_PACKAGES = /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/;

/** Writes assets/json/version.json, which the console compares with the server's version. */
function versionFile(): Plugin {
  return {
    name: 'sello-version-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'assets/json/version.json',
        source: JSON.stringify({ implementation_version: rootPackage.version }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The recipient pages are a second page of their own, so the console's bundle never carries them.
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        portal: path.resolve(import.meta.dirname, 'portal/index.html'),
      },
      treeshake: {
        // These two packages declare no `sideEffects`, so everything their index imports was kept: antd's
        // Input reaches @rc-component/form's index through the form-item context and brought the whole form
        // engine and async-validator into the login page. Their modules only define things.
        moduleSideEffects: [{ test: PURE_FORM_PACKAGES, sideEffects: false }],
      },
    },
  },
  server: { port: 5173, proxy: { '/rest': 'http://localhost:8080' } },
});
