import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entry = path.join(root, 'apps/api/dist/main.js');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the server; its data folder is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * The ports this worker's servers have had. A worker runs file after file (vitest.config.ts,
 * `isolate: false`) and keeps its demo sessions by server address (support/demo.ts): a port is
 * never given to a second server, whose address would then find the first one's sessions.
 */
const usedPorts = new Set<number>();

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
      server.on('error', reject);
    });
    if (!usedPorts.has(port)) {
      usedPorts.add(port);
      return port;
    }
  }
}

/** Whether `npm run build` has made the app the browser tests start (`npm test` runs it first). */
export function builtApp(): boolean {
  return fs.existsSync(entry) && fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
}

/**
 * The built app as `npm start` runs it, on a free port and the data folder given. `startMs`: how
 * long it may take to answer (a cold start on an empty folder runs initdb, the migrations and the
 * seeds: minutes on a loaded 2-core machine).
 */
export async function launchServer(
  dataDir: string,
  env: Record<string, string> = {},
  startMs = 90_000,
): Promise<RunningServer> {
  if (!builtApp()) throw new Error('The app is not built: run `npm run build` first');
  const port = await freePort();
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL; // browser tests run on their own embedded database
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...baseEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Browser tests sign the same demo users in again and again from one address.
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // else it outlives the run, on its data folder
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built app on a free port and a data folder of this file's own: a copy of the run's seeded
 * folder (support/global-setup.ts), so it starts in a second or two from the demo data and
 * nothing another file did.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-e2e-'));
  fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  return launchServer(dataDir, env);
}

/**
 * The server the files that only read share (started by support/global-setup.ts on its own copy
 * of the seeded folder): a file that writes nothing but its sign-ins needs no server of its own.
 * Stopping it is the run's, not the file's.
 */
export function readOnlyServer(): RunningServer {
  const baseUrl = inject('readOnlyServerUrl');
  if (!baseUrl) throw new Error('The app is not built: run `npm run build` first');
  return { baseUrl, dataDir: '', stop: async () => undefined };
}
