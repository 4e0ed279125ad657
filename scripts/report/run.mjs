// `npm run test:report`: `npx faultline report` against what npm test cannot start. A real Postgres (the
// throwaway cluster of scripts/dbos/postgres.mjs): rows written by serializeError into jsonb and text columns,
// read by the built command through its cursor, with --table and --query, a row of another shape among them.
// Then the HTML page opened in Chromium (Debian's, driven by playwright-core, as npm run test:runtimes does):
// the charts render with the right counts, sorting and expanding work, its own style and script run under
// its policy, and no request leaves the page. Prints one line per check, then `report: N passed, N failed`.
//
//   FAULTLINE_PG_BIN=<dir>   the folder of initdb and pg_ctl (default: /usr/lib/postgresql/<newest>/bin, pg_config, PATH)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { ModelContextLengthError, ModelRateLimitError, serializeError, ToolError } from 'faultline';
import { assert, engineChecks } from '../engine-checks.mjs';
import { startPostgres } from '../dbos/postgres.mjs';
import { CHROMIUM_FLAGS, chromium, playwrightChromium } from '../runtimes/install.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const checks = engineChecks('report');
const { test } = checks;
const T0 = Date.parse('2025-06-01T22:00:00.000Z');
// More rows than one FETCH of the command's cursor (1,000) holds, so that it fetches four times.
const ROWS = 3500;

/** Runs the built command; its status and output, the JSON parsed when it printed JSON. */
function faultline(args, cwd) {
  const run = spawnSync(process.execPath, [cli, 'report', ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  let json;
  try {
    json = JSON.parse(run.stdout);
  } catch {
    json = undefined;
  }
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, json };
}

/** The error of row `index`: a rate limit in four of five, a tool that could not connect in the fifth. */
function errorOf(index) {
  if (index % 5 === 4) {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:443'), { code: 'ECONNREFUSED' }) });
    return ToolError.from(refused, { toolName: 'web_search' });
  }
  return new ModelRateLimitError({ provider: index % 2 === 0 ? 'openai' : 'anthropic', rateLimit: { dimension: 'requests' }, usage: { inputTokens: 100 } });
}

async function postgres(work) {
  let cluster;
  let client;
  try {
    cluster = await startPostgres('faultline_report');
    console.log(`     postgres ${cluster.pid} (${cluster.dir})`);
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query('CREATE TABLE agent_failures (id serial PRIMARY KEY, error jsonb, error_text text, created_at timestamptz NOT NULL)');
    for (let start = 0; start < ROWS; start += 500) {
      const values = [];
      const params = [];
      for (let index = start; index < Math.min(ROWS, start + 500); index++) {
        const text = JSON.stringify(serializeError(errorOf(index)));
        params.push(text, text, new Date(T0 + index * 1000));
        values.push(`($${params.length - 2}::jsonb, $${params.length - 1}, $${params.length})`);
      }
      await client.query(`INSERT INTO agent_failures (error, error_text, created_at) VALUES ${values.join(', ')}`, params);
    }
    // A row of another shape, as a table written by hand holds one.
    await client.query(`INSERT INTO agent_failures (error, error_text, created_at) VALUES ('{"status":"failed"}', 'oops', $1)`, [new Date(T0 + ROWS * 1000)]);
    // Trust authentication ignores the password: it is there to be never printed.
    const url = cluster.url.replace('postgres@', 'postgres:hunter2@');

    await test('--table --column --time-column: every jsonb row streamed through the cursor, counted by code, with its time', () => {
      const run = faultline(['--postgres', url, '--table', 'public.agent_failures', '--column', 'error', '--time-column', 'created_at', '--json'], work);
      assert(run.status === 0, `exit ${run.status}: ${run.stderr}`);
      const { groups, read, firstSeen, lastSeen } = run.json;
      const counts = groups.map((group) => `${group.key.code} ${group.count}`).join(', ');
      assert(counts === 'MODEL_RATE_LIMITED 2800, TOOL_EXECUTION_ERROR 700', counts);
      assert(read.records === ROWS + 1 && read.problems['no-error'] === 1, JSON.stringify(read));
      assert(JSON.stringify(read.firstProblems) === JSON.stringify([{ source: 'postgres', unit: 'row', position: ROWS + 1, kind: 'no-error', reason: 'holds no faultline error' }]), JSON.stringify(read.firstProblems));
      assert(firstSeen === new Date(T0).toISOString() && lastSeen === new Date(T0 + (ROWS - 1) * 1000).toISOString(), `${firstSeen} → ${lastSeen}`);
      assert(groups[0].providers.top.map((value) => `${value.value} ${value.count}`).join(', ') === 'anthropic 1400, openai 1400', JSON.stringify(groups[0].providers));
      assert(groups[1].causeChain.chain.join(' → ') === 'TOOL_EXECUTION_ERROR → TypeError → Error ECONNREFUSED', JSON.stringify(groups[1].causeChain));
      return `${read.records} rows, ${run.json.errors} errors, row ${ROWS + 1} reported`;
    });

    await test('--query on a text column: the same numbers, and the table names the row of another shape', () => {
      const json = faultline(['--postgres', url, '--query', 'SELECT error_text FROM agent_failures ORDER BY id;', '--json'], work).json;
      assert(json.groups.map((group) => `${group.key.code} ${group.count}`).join(', ') === 'MODEL_RATE_LIMITED 2800, TOOL_EXECUTION_ERROR 700', JSON.stringify(json.groups.map((group) => group.key)));
      assert(json.read.firstProblems[0]?.kind === 'not-json' && json.read.firstProblems[0]?.position === ROWS + 1, JSON.stringify(json.read.firstProblems));
      const table = faultline(['--postgres', url, '--query', 'SELECT error FROM agent_failures ORDER BY id'], work);
      assert(table.status === 0 && table.stdout.includes(`postgres row ${(ROWS + 1).toLocaleString('en-US')}: holds no faultline error`), table.stdout);
      assert(!`${table.stdout}${table.stderr}`.includes('hunter2'), 'the password was printed');
      return 'text read as JSON text; the password never printed';
    });

    await test('a query that fails is reported as the source that stopped, with the server’s reason, exit 1', () => {
      const run = faultline(['--postgres', url, '--query', 'SELECT nope FROM agent_failures', '--json'], work);
      assert(run.status === 1, `exit ${run.status}`);
      const failure = run.json.read.sources[0]?.failure;
      assert(failure === 'column "nope" does not exist', failure);
      return failure;
    });
  } finally {
    await client?.end().catch(() => undefined);
    await cluster?.stop();
  }
}

/** A night written by pino, the page made of it by the command. */
function page(work) {
  const path = join(work, 'night.jsonl');
  const lines = [];
  const logger = pino({ serializers: { err: serializeError }, timestamp: () => `,"time":${T0 + lines.length * 60_000}` }, { write: (line) => lines.push(line) });
  for (let index = 0; index < 60; index++) {
    if (index % 3 !== 2) logger.error({ err: new ModelRateLimitError({ provider: 'openai', rateLimit: { dimension: 'tokens' } }) }, 'rate limited');
    if (index % 4 === 0) logger.error({ err: new ToolError({ toolName: 'search' }) }, 'tool failed');
    if (index % 10 === 0) logger.error({ err: new ModelContextLengthError({ requestedTokens: 140_000, maxContextTokens: 128_000 }) }, 'too long');
  }
  writeFileSync(path, lines.join(''));
  const html = join(work, 'night.html');
  const run = faultline(['night.jsonl', '--html', 'night.html', '--json'], work);
  if (run.status !== 0) throw new Error(`faultline report --html failed: ${run.stderr}`);
  return { html, summary: run.json };
}

async function browser(work) {
  let instance;
  try {
    const { html, summary } = page(work);
    const expected = Object.fromEntries(summary.groups.map((group) => [group.key.code, group.count]));
    const launcher = await playwrightChromium();
    instance = await launcher.launch({ executablePath: chromium(), args: CHROMIUM_FLAGS });
    const browserPage = await instance.newPage();
    const requests = [];
    const problems = [];
    browserPage.on('request', (request) => requests.push(request.url()));
    browserPage.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text()); });
    browserPage.on('pageerror', (error) => problems.push(error.message));
    const url = pathToFileURL(html).href;
    await browserPage.goto(url);
    await browserPage.waitForLoadState('load');

    await test('the bar chart renders a bar per group, as long as its count, labelled with its count and share', async () => {
      const bars = await browserPage.$$eval('#modes-chart rect.bar', (rects) => rects.map((rect) => ({
        count: Number(rect.dataset.count), width: rect.getBBox().width, label: rect.nextElementSibling?.textContent, name: rect.previousElementSibling?.textContent,
      })));
      const drawn = Object.fromEntries(bars.map((bar) => [bar.name, bar.count]));
      assert(JSON.stringify(drawn) === JSON.stringify(expected), `drawn ${JSON.stringify(drawn)}, counted ${JSON.stringify(expected)}`);
      for (const bar of bars) {
        assert(Math.abs(bar.width / bars[0].width - bar.count / bars[0].count) < 0.01, `${bar.name}: width ${bar.width} for ${bar.count}`);
        assert(bar.label === `${bar.count} (${(bar.count / summary.errors * 100).toFixed(1)}%)`, `${bar.name} is labelled ${bar.label}`);
      }
      return bars.map((bar) => `${bar.name} ${bar.label}`).join(', ');
    });

    await test('the timeline renders its segments, which add up by code to the groups’ counts, each titled with its count', async () => {
      const segments = await browserPage.$$eval('#timeline-chart rect.segment', (rects) => rects.map((rect) => ({
        code: rect.dataset.code, count: Number(rect.dataset.count), height: rect.getBBox().height, title: rect.querySelector('title')?.textContent ?? '',
      })));
      const sums = {};
      for (const segment of segments) {
        sums[segment.code] = (sums[segment.code] ?? 0) + segment.count;
        assert(segment.height > 0 && segment.title.startsWith(`${segment.code}: ${segment.count} error`), JSON.stringify(segment));
      }
      assert(JSON.stringify(Object.fromEntries(Object.entries(sums).sort())) === JSON.stringify(Object.fromEntries(Object.entries(expected).sort())), `${JSON.stringify(sums)} against ${JSON.stringify(expected)}`);
      const rows = await browserPage.$$eval('#timeline-table tbody tr', (trs) => trs.length);
      assert(rows === summary.timeline.buckets.length, `${rows} rows for ${summary.timeline.buckets.length} buckets`);
      return `${segments.length} segments in ${rows} columns of ${summary.timeline.bucketMs / 60_000} minutes`;
    });

    const column = (index) => browserPage.$$eval('#groups tbody tr', (trs, at) => trs.map((tr) => tr.children[at].textContent), index);
    await test('the table sorts by the column pressed, and the other way when pressed again', async () => {
      const counts = async () => (await column(1)).map(Number);
      const before = await counts();
      assert(JSON.stringify(before) === JSON.stringify([...before].sort((a, b) => b - a)), `not most first at load: ${before}`);
      await browserPage.click('#groups thead th:nth-child(2) button');
      const ascending = await counts();
      assert(JSON.stringify(ascending) === JSON.stringify([...before].sort((a, b) => a - b)), `errors pressed: ${ascending}`);
      assert(await browserPage.getAttribute('#groups thead th:nth-child(2)', 'aria-sort') === 'ascending', 'aria-sort is not ascending');
      await browserPage.click('#groups thead th:nth-child(1) button');
      const codes = await column(0);
      assert(JSON.stringify(codes) === JSON.stringify([...codes].sort()), `code pressed: ${codes}`);
      await browserPage.click('#groups thead th:nth-child(1) button');
      const reversed = await column(0);
      assert(JSON.stringify(reversed) === JSON.stringify([...codes].reverse()), `code pressed again: ${reversed}`);
      return `errors ${ascending.join(' < ')}; codes ${codes.join(', ')}, then reversed`;
    });

    await test('a group’s example expands on click, showing its error as the contract holds it', async () => {
      const details = browserPage.locator('#groups tbody tr', { hasText: 'TOOL_ERROR' }).locator('details');
      assert(!(await details.evaluate((element) => element.open)) && !(await details.locator('pre').isVisible()), 'open before the click');
      await details.locator('summary').click();
      assert(await details.evaluate((element) => element.open), 'not open after the click');
      const example = JSON.parse(await details.locator('pre').innerText());
      assert(await details.locator('pre').isVisible() && example.code === 'TOOL_ERROR' && example.toolName === 'search', JSON.stringify(example));
      return `${example.name} ${example.code}, toolName ${example.toolName}`;
    });

    await test('its style and script run under its policy, and no request leaves the page', async () => {
      const weight = await browserPage.$eval('#groups thead th button', (button) => button.ownerDocument.defaultView.getComputedStyle(button).fontWeight);
      assert(weight === '600', `the page's style did not apply (font-weight ${weight})`);
      assert(problems.length === 0, `the console says: ${problems.join('; ')}`);
      assert(JSON.stringify(requests) === JSON.stringify([url]), `requests: ${requests.join(', ')}`);
      return `1 request (the page itself), ${problems.length} console errors`;
    });
  } catch (error) {
    checks.fail('the page could be made and opened in Chromium', error);
  } finally {
    await instance?.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'faultline-report-'));
try {
  try {
    await postgres(work);
  } catch (error) {
    checks.fail('a throwaway Postgres cluster could be started and filled', error);
  }
  await browser(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
checks.finish();
