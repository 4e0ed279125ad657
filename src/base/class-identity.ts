import { CLASS_IDENTITY } from '../foundation/brand.js';
import { BUILT_IN_NAMES } from './built-in-classes.js';

// A class's identity across copies of faultline: its declared name, its parent's and its code. Two
// classes that share a name must not be taken for each other (`instanceof` across copies compares
// identities, and `deserializeError` rebuilds by name), so the first class constructed under a name
// claims it for the realm, and another class under that name is refused when it is first
// constructed. The claims live on globalThis under a `Symbol.for` key, so that every copy of
// faultline in the realm (ESM and CJS, two versions) sees them. A built-in class claims nothing: its
// name is faultline's in every copy, and a class of yours under it is refused, whichever is built first.

/** The class of the hierarchy, as its identity needs to see it. */
interface IdentityCarrier {
  readonly prototype: object;
  readonly name: string;
  readonly defaults?: { readonly name?: string; readonly code?: string | undefined } | undefined;
}

const CLAIMS: unique symbol = Symbol.for('faultline.classClaims');
let realmClaims: Map<string, string> | undefined; // name → identity, shared by every copy in the realm

function claims(): Map<string, string> {
  if (realmClaims !== undefined) return realmClaims;
  const holder = globalThis as { [CLAIMS]?: Map<string, string> };
  realmClaims = holder[CLAIMS] ?? new Map<string, string>();
  try {
    Object.defineProperty(globalThis, CLAIMS, { value: realmClaims, configurable: true });
  } catch {
    // A frozen global: this copy's claims alone.
  }
  return realmClaims;
}

/** The name a class declares in its own `defaults`, or undefined when it declares none. */
export function ownDeclaredName(cls: IdentityCarrier): string | undefined {
  const own = Object.hasOwn(cls, 'defaults') ? cls.defaults?.name : undefined;
  return typeof own === 'string' && own !== '' ? own : undefined;
}

/**
 * `Name<ParentName:CODE`, read from the class's defaults up its chain; the class need not be installed.
 * The parent is the nearest ancestor that declares a name. An ancestor between the two that declares
 * none is written too, by its JavaScript name as a bundler may have renamed it (`_Base`, `Base$1`:
 * `Base`), so that two classes under two such bases are told apart (`Failed<GitBase<ToolError:X`).
 */
export function identityOf(cls: IdentityCarrier): string {
  const proto = cls.prototype as { [CLASS_IDENTITY]?: string };
  if (Object.hasOwn(proto, CLASS_IDENTITY)) return proto[CLASS_IDENTITY] as string;
  const [name, parents, code] = identityParts(cls);
  return `${name}<${parents}:${code}`;
}

/** The parts of a class's identity: its name, its parents up to the nearest named one, and its code (own or inherited). */
function identityParts(cls: IdentityCarrier): [name: string, parents: string, code: string] {
  const parents: string[] = [];
  let named = false;
  let code: string | undefined;
  for (let level: IdentityCarrier | null = cls; level !== null && level !== (Error as unknown) && typeof level.prototype === 'object'; level = Object.getPrototypeOf(level) as IdentityCarrier | null) {
    if (level !== cls && !named) {
      const declared = ownDeclaredName(level);
      named = declared !== undefined;
      parents.push(declared ?? level.name.replace(/^_+|\$\d+$/g, ''));
    }
    const own = Object.hasOwn(level, 'defaults') ? level.defaults?.code : undefined;
    if (typeof own === 'string') code ??= own;
  }
  return [ownDeclaredName(cls) ?? cls.name, parents.join('<'), code ?? ''];
}

/**
 * Claims the name a class of yours declares for the realm, or throws a TypeError that says what to
 * rename when a built-in or another class holds it. A class that declares no name of its own claims none.
 */
export function claimName(cls: IdentityCarrier): void {
  const name = ownDeclaredName(cls);
  if (name === undefined) return;
  const mine = identityOf(cls);
  const builtIn = ` ${BUILT_IN_NAMES} `.includes(` ${name} `);
  const taken = builtIn ? undefined : claims().get(name);
  if (builtIn || (taken !== undefined && taken !== mine)) {
    const parent = identityParts(cls)[1].split('<')[0] ?? '';
    throw new TypeError(
      `The error class name '${name}' is taken by ${builtIn ? `faultline's own ${name}` : `another class, ${taken}`}; ` +
        `this one is ${mine}, and instanceof and deserializeError would take one for the other. Give it a name of its own: ` +
        `static override readonly defaults: ErrorDefaults = { name: '${parent.replace(/Error$/, '')}${name}', ... }.`,
    );
  }
  claims().set(name, mine);
}
