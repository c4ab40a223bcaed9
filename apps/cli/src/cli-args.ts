/** A mistake in how the CLI was called: one line on stderr, exit code 2. */
export class UsageError extends Error {}

export type Flags = Record<string, string>;

export interface CommandSpec {
  /** Flags the command accepts (besides --help). */
  flags?: string[];
  /** How many positional arguments it takes at most. */
  args?: number;
}

/** Flags that take no value, so `--follow 12` never swallows the next word. */
const BOOLEAN_FLAGS = new Set(['follow', 'if-absent']);

export interface ParsedArgs {
  words: string[];
  flags: Flags;
  /** Value flags given without a value (`--limit` at the end): rejected for known commands. */
  bare: Set<string>;
}

export function parse(argv: string[]): ParsedArgs {
  const words: string[] = [];
  const flags: Flags = {};
  const bare = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split(/=(.*)/s);
      if (inline !== undefined) flags[k] = inline;
      else if (!BOOLEAN_FLAGS.has(k) && i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[k] = argv[++i];
      else {
        flags[k] = 'true';
        if (!BOOLEAN_FLAGS.has(k)) bare.add(k);
      }
    } else words.push(a);
  }
  return { words, flags, bare };
}

export const need = (flags: Flags, name: string) => {
  if (!flags[name] || flags[name] === 'true') throw new UsageError(`--${name} is required`);
  return flags[name];
};

/**
 * Finds the command the words name: a one-word command (`events`) or a group and its
 * subcommand (`token list`); the remaining words are its positional arguments.
 */
export function resolveCommand(words: string[], commands: Record<string, CommandSpec>): { key: string; args: string[] } {
  const [first, second] = words;
  if (first !== undefined && commands[first]) return { key: first, args: words.slice(1) };
  return { key: `${first ?? ''} ${second ?? ''}`.trim(), args: words.slice(2) };
}

/** The one-line message for a command that does not exist, listing what does. */
export function unknownCommand(words: string[], commands: Record<string, CommandSpec>): UsageError {
  if (words.length === 0) return new UsageError(`no command given; commands: ${groups(commands).join(', ')} (try --help)`);
  const subs = Object.keys(commands).filter((k) => k.startsWith(`${words[0]} `)).map((k) => k.slice(words[0].length + 1));
  if (subs.length > 0) {
    const what = words[1] === undefined ? `"${words[0]}" needs a subcommand` : `unknown ${words[0]} command "${words[1]}"`;
    return new UsageError(`${what}; valid: ${subs.join(', ')}`);
  }
  return new UsageError(`unknown command "${words[0]}"; commands: ${groups(commands).join(', ')}`);
}

function groups(commands: Record<string, CommandSpec>): string[] {
  return [...new Set(Object.keys(commands).map((k) => k.split(' ')[0]))];
}

/** Rejects flags the command does not know, value flags without a value and extra words. */
export function checkUsage(key: string, spec: CommandSpec, parsed: ParsedArgs, args: string[]): void {
  const known = spec.flags ?? [];
  for (const name of Object.keys(parsed.flags)) {
    if (name === 'help') continue;
    if (!known.includes(name)) {
      throw new UsageError(`unknown flag --${name} for "${key}"; valid: ${known.length ? known.map((f) => `--${f}`).join(', ') : 'none'}`);
    }
    if (parsed.bare.has(name)) throw new UsageError(`--${name} needs a value`);
    if (BOOLEAN_FLAGS.has(name) && parsed.flags[name] !== 'true') throw new UsageError(`--${name} takes no value`);
  }
  const max = spec.args ?? 0;
  if (args.length > max) throw new UsageError(`"${key}" takes ${max ? `at most ${max} argument${max > 1 ? 's' : ''}` : 'no arguments'}, got "${args.join(' ')}"`);
}

/** Exactly one of the listed names (`--after` and its old alias `--from`). */
export function position(flags: Flags, name: string, alias?: string): number {
  const raw = flags[name] ?? (alias ? flags[alias] : undefined);
  if (raw === undefined) return 0;
  if (alias && flags[name] !== undefined && flags[alias] !== undefined) throw new UsageError(`--${name} and --${alias} are the same flag; give one`);
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) throw new UsageError(`--${name} must be a position (0 or more), got "${raw}"`);
  return n;
}

export function positiveInt(flags: Flags, name: string): number | undefined {
  const raw = flags[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}
