// Starting a real Restate engine for faultline: restate-server and a service process on Node 22 (which
// the SDK needs), pinned and installed into the runtimes cache outside the clone, on 127.0.0.1 only,
// the deployment registered; stopped by pid. Used by `npm run test:restate` and the example.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../engine-checks.mjs';
import { installed } from '../runtimes/install.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const processes = new Set();
export function start(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  processes.add(child);
  child.on('exit', () => processes.delete(child));
  return { child, output: () => output };
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function waitFor(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}


/**
 * Starts restate-server and the service file `service` (on Node 22, given its port and a scratch folder) and
 * registers it. Resolves to the ingress URL, the admin URL, the processes, a `restartService()` and
 * a `stopAll()` that stops every process by pid and removes the scratch folder.
 */
export async function startEngine(service) {
  const server = installed('restateServer').path;
  const node22 = installed('node22').path;
  const work = mkdtempSync(join(tmpdir(), 'faultline-restate-'));
  const [ingressPort, adminPort, nodePort, servicePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const engine = {
    work,
    ingress: `http://127.0.0.1:${ingressPort}`,
    admin: `http://127.0.0.1:${adminPort}`,
    server: undefined,
    service: undefined,
  };
  const env = {
    ...process.env,
    RESTATE_DISABLE_TELEMETRY: 'true', RESTATE_ADMIN__DISABLE_WEB_UI: 'true', RESTATE_BIND_IP: '127.0.0.1', RESTATE_LISTEN_MODE: 'tcp',
    RESTATE_DEFAULT_NUM_PARTITIONS: '4', RESTATE_INGRESS__BIND_ADDRESS: `127.0.0.1:${ingressPort}`, RESTATE_ADMIN__BIND_ADDRESS: `127.0.0.1:${adminPort}`,
    RESTATE_BIND_ADDRESS: `127.0.0.1:${nodePort}`, RESTATE_ADVERTISED_ADDRESS: `http://127.0.0.1:${nodePort}`,
  };
  const startService = () => start(node22, [service, String(servicePort), work], { cwd: root });
  engine.restartService = async () => {
    await stop(engine.service.child);
    engine.service = startService();
    await waitFor('the service', () => engine.service.output().includes('listening'));
  };
  engine.stopAll = async () => {
    for (const child of [...processes]) await stop(child);
    rmSync(work, { recursive: true, force: true });
  };
  engine.server = start(server, ['--no-logo', '--base-dir', join(work, 'restate'), '--node-name', 'faultline'], { env });
  engine.service = startService();
  await waitFor('restate-server', async () => (await fetch(`${engine.admin}/health`)).ok);
  await waitFor('the service', () => engine.service.output().includes('listening'));
  const registered = await fetch(`${engine.admin}/deployments`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uri: `http://127.0.0.1:${servicePort}` }),
  });
  if (!registered.ok) throw new Error(`registering the deployment: ${registered.status} ${await registered.text()}`);
  return engine;
}
