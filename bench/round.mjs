// One round of one group, in a process of its own: `node --expose-gc bench/round.mjs <group id> <ms> <clock>`.
// bench/run.mjs starts one per round and group, so that no row inherits the heap or the JIT
// state another group left behind (in one long process, `new Error` measured after the
// modern-errors row ran at 0.4× of its speed in a fresh process), and so that the spread over
// the rounds includes the variation from one process to the next that users see too.
// Prints the round's results as one line of JSON.
import { checkCases, groups } from './cases.mjs';
import { measureRound, warmUp } from './harness.mjs';

const [id, ms, clock] = process.argv.slice(2);
const group = groups.find((candidate) => candidate.id === id);
if (group === undefined) throw new TypeError(`no bench group '${id}'; the groups are ${groups.map((known) => known.id).join(', ')}`);

checkCases();
warmUp(group, 20_000);
process.stdout.write(`${JSON.stringify(await measureRound(group, Number(ms), clock))}\n`);
