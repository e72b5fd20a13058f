import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const rootPackage = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

/** Writes assets/json/version.json, which the console compares with the server's version. */
function versionFile(): Plugin {
  return {
    name: 'sello-version-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'assets/json/version.json',
        source: JSON.stringify({ version: rootPackage.version }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/rest': 'http://localhost:8080' } },
});
