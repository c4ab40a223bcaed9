import { parseArgs, ParseArgsConfig } from 'node:util';

/** A mistake in how the CLI was called: one line on stderr, exit code 2. */
export class UsageError extends Error {}

export type Flags = Record<string, string>;

export interface CommandSpec {
  /** Flags the command accepts (besides --help). */
  flags?: string[];
  /** How many positional arguments it takes at most. */
  args?: number;
}

/** Flags that take no value, so `--follow 12` never swallows the next word; every other flag takes one. */
const BOOLEAN_FLAGS = new Set(['follow', 'if-absent']);

type Options = NonNullable<ParseArgsConfig['options']>;
type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type OptionToken = Extract<Token, { kind: 'option' }>;

/** The parseArgs table for these flag names (plus --help, which main answers). */
function optionsFor(names: Iterable<string>): Options {
  const options: Options = { help: { type: 'boolean' } };
  for (const n of names) options[n] = { type: BOOLEAN_FLAGS.has(n) ? 'boolean' : 'string' };
  return options;
}

const tokensOf = (argv: string[], options: Options): Token[] => parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true }).tokens;

export interface ParsedArgs {
  words: string[];
  flags: Flags;
  /** Value flags given without a value (`--limit` at the end): rejected for known commands. */
  bare: Set<string>;
  /** The command line as given, for the strict check against the command's own flags. */
  argv: string[];
  /** How each flag was written (`--limit`, or `-l` for a short one), for messages. */
  written: Map<string, string>;
}

/**
 * Words and flags, before the command (and so its flag table) is known: util.parseArgs reads
 * the line once to learn which flags it names, then again with each flag typed by its name,
 * so value flags take the next word (`--limit 5`) or an inline one (`--limit=5`). Unknown
 * flags are kept here; `checkUsage` refuses them with the command's table.
 */
export function parse(argv: string[]): ParsedArgs {
  const named = tokensOf(argv, {})
    .filter((t): t is OptionToken => t.kind === 'option')
    .map((t) => t.name);
  const words: string[] = [];
  const flags: Flags = {};
  const bare = new Set<string>();
  const written = new Map<string, string>();
  for (const t of tokensOf(argv, optionsFor(named))) {
    if (t.kind === 'positional') words.push(t.value);
    if (t.kind !== 'option') continue;
    written.set(t.name, t.rawName);
    flags[t.name] = t.value ?? 'true';
    if (t.value === undefined && !BOOLEAN_FLAGS.has(t.name)) bare.add(t.name);
  }
  return { words, flags, bare, argv, written };
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
  const subs = Object.keys(commands)
    .filter((k) => k.startsWith(`${words[0]} `))
    .map((k) => k.slice(words[0].length + 1));
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
    if (name === 'help' || known.includes(name)) continue;
    throw new UsageError(`unknown flag ${parsed.written.get(name)} for "${key}"; valid: ${known.length ? known.map((f) => `--${f}`).join(', ') : 'none'}`);
  }
  const options = optionsFor(known);
  try {
    parseArgs({ args: parsed.argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    // The strict parse says that a value is wrong; the tokens say which one, in our words.
    throw misusedValue(tokensOf(parsed.argv, options)) ?? new UsageError(e instanceof Error ? e.message.split('\n')[0] : String(e));
  }
  const max = spec.args ?? 0;
  if (args.length > max)
    throw new UsageError(`"${key}" takes ${max ? `at most ${max} argument${max > 1 ? 's' : ''}` : 'no arguments'}, got "${args.join(' ')}"`);
}

/** The first flag that strict parsing refuses for its value, as a usage error. */
function misusedValue(tokens: Token[]): UsageError | undefined {
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (BOOLEAN_FLAGS.has(t.name) || t.name === 'help') {
      if (t.value !== undefined) return new UsageError(`--${t.name} takes no value`);
    } else if (t.value === undefined || (!t.inlineValue && t.value.startsWith('--'))) {
      return new UsageError(`--${t.name} needs a value`);
    } else if (!t.inlineValue && t.value.length > 1 && t.value.startsWith('-')) {
      return new UsageError(`--${t.name} needs a value; write --${t.name}=${t.value} for one that starts with "-"`);
    }
  }
  return undefined;
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
