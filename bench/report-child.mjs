// Runs the built command (dist/cli.js) in this process, with this process's arguments, and writes the
// process's peak RSS (`maxRSS <KiB>`) to standard error as it exits: bench/report.mjs's measure of memory.
import { fileURLToPath } from 'node:url';

process.on('exit', () => {
  process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`);
});
process.argv = [process.argv[0], fileURLToPath(new URL('../dist/cli.js', import.meta.url)), ...process.argv.slice(2)];
await import('../dist/cli.js');
