import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E } from './e2e-env.ts';

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, '.test-data/e2e-results.json') }]],
  outputDir: path.join(root, '.test-data/e2e-output'),
  use: {
    baseURL: E2E.baseUrl,
    locale: 'es-ES',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node ../node_modules/.bin/tsx mail-sink.ts',
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${E2E.mailApiPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'sh ./start-server.sh',
      cwd: import.meta.dirname,
      url: `${E2E.baseUrl}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
