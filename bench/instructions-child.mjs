// One count of bench/instructions.mjs: `node bench/instructions-child.mjs <group id> <function> <calls>`.
// Function 0 is the group's baseline, 1 and on its rows. Warms up exactly as much in every run, so
// that two runs differ only in the number of calls measured.
import { groups } from './cases.mjs';

const [id, index, callsText] = process.argv.slice(2);
const group = groups.find((candidate) => candidate.id === id);
const fn = group === undefined ? undefined : [group.baseline, ...group.rows][Number(index)]?.fn;
if (fn === undefined) throw new TypeError(`no function ${index} in bench group '${id}'`);
for (let call = 0; call < 20_000; call++) fn();
const calls = Number(callsText);
for (let call = 0; call < calls; call++) fn();
