// A throwaway Postgres cluster for `npm run test:dbos`: the Debian package's binaries (apt-get install
// postgresql puts them in /usr/lib/postgresql/<version>/bin, off the PATH), initdb into a temporary
// folder, started by pg_ctl on 127.0.0.1 and a unix socket in that folder, stopped by the postmaster's
// pid, and the folder removed. As root, where initdb refuses to run, the cluster runs as the `postgres`
// user the package creates (or `nobody`), through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../engine-checks.mjs';

const INSTALL = 'Postgres is not installed: apt-get install postgresql (Debian and Ubuntu; any version from 13 on), then run npm run test:dbos again. '
  + 'Or set FAULTLINE_PG_BIN to the folder that holds initdb and pg_ctl.';

/** The folder of initdb and pg_ctl: FAULTLINE_PG_BIN, the newest /usr/lib/postgresql/<version>/bin, pg_config --bindir, or the PATH. */
export function postgresBin() {
  const candidates = [];
  if (process.env.FAULTLINE_PG_BIN) candidates.push(process.env.FAULTLINE_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+(\.\d+)?$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  const configured = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (configured.status === 0) candidates.push(configured.stdout.trim());
  candidates.push(...(process.env.PATH ?? '').split(':').filter(Boolean));
  const bin = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (bin === undefined) throw new Error(INSTALL);
  return bin;
}


/** The user the cluster runs as: the current one, or, as root (initdb refuses root), `postgres` or `nobody`. */
function clusterUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0) return name;
  }
  throw new Error('Running as root, and there is no postgres or nobody user to run Postgres as: initdb refuses to run as root.');
}

/** Runs a Postgres binary as the cluster's user; throws with its output when it fails. */
function run(user, command, args) {
  const [file, argv] = user === undefined ? [command, args] : ['runuser', ['-u', user, '--', command, ...args]];
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** Whether a process with this pid is alive. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The pids of the processes whose parent is `pid` (Postgres's backends and workers, for the postmaster). */
export function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fourth field of /proc/<pid>/stat, after the parenthesised command (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

async function waitGone(pids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(alive)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Creates and starts a cluster, and the database `name` in it. Resolves to `{ url, dir, pid, stop }`:
 * `url` reaches the database on 127.0.0.1, `pid` is the postmaster's, and `stop()` stops it by that pid
 * (a fast shutdown, then SIGKILL if it lingers), checks that none of its processes is left and removes
 * the folder. `stop()` may be called more than once, and on a half-started cluster.
 */
export async function startPostgres(name) {
  const bin = postgresBin();
  const user = clusterUser();
  const dir = mkdtempSync(join(tmpdir(), 'faultline-dbos-'));
  const cluster = { dir, pid: undefined, processes: [], url: undefined };
  cluster.stop = async () => {
    const pids = cluster.pid === undefined ? [] : [cluster.pid, ...childrenOf(cluster.pid)];
    if (cluster.pid !== undefined && alive(cluster.pid)) {
      process.kill(cluster.pid, 'SIGINT'); // Postgres's fast shutdown: backends end, no new connections
      if (!(await waitGone(pids, 30_000))) for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
      await waitGone(pids, 10_000);
    }
    cluster.processes = pids;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (user !== undefined) chownSync(dir, Number(execFileSync('id', ['-u', user], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', user], { encoding: 'utf8' })));
    const data = join(dir, 'data');
    run(user, join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
    const port = await freePort();
    // Only 127.0.0.1 and a socket in the cluster's own folder; fsync off, for a cluster thrown away.
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
    run(user, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'postgres.log'), '-o', settings, '-w', '-t', '120', 'start']);
    cluster.pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const psql = join(bin, 'psql');
    run(user, psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', `CREATE DATABASE ${name}`]);
    cluster.url = `postgresql://postgres@127.0.0.1:${port}/${name}`;
    return cluster;
  } catch (error) {
    const log = join(dir, 'postgres.log');
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '';
    await cluster.stop();
    throw new Error(`${error.message}${tail ? `\n${tail}` : ''}`, { cause: error });
  }
}
