import { checkCommandLine } from '../../apps/cli/src/cli';
import { parse, UsageError } from '../../apps/cli/src/cli-args';
import { eventsOptions } from '../../apps/cli/src/events.command';

/** The message checkCommandLine refuses a command line with, or undefined when it accepts it. */
function refusal(...argv: string[]): string | undefined {
  try {
    checkCommandLine(argv);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
}

describe('CLI command line (util.parseArgs)', () => {
  it('reads words, value flags (--flag value or --flag=value) and flags without a value', () => {
    expect(parse(['user', 'create', '--email', 'a@b.c', '--name=Ada = Lovelace', '--if-absent'])).toMatchObject({
      words: ['user', 'create'],
      flags: { email: 'a@b.c', name: 'Ada = Lovelace', 'if-absent': 'true' },
    });
    expect(parse(['events', '--follow', '12']).words).toEqual(['events', '12']);
    expect(parse(['projections', 'rebuild', '--', '--odd-name']).words).toEqual(['projections', 'rebuild', '--odd-name']);
  });

  it('--from is the old name of --after; giving both is refused', () => {
    expect(eventsOptions(parse(['events', '--from', '7']).flags).after).toBe(7);
    expect(eventsOptions(parse(['events', '--after=7']).flags).after).toBe(7);
    expect(() => eventsOptions(parse(['events', '--after', '1', '--from', '2']).flags)).toThrow(/same flag/);
  });

  it('accepts each command with its own flags and positional words', () => {
    expect(refusal('events', '--after', '3', '--limit=2', '--type', 'A,B', '--follow')).toBeUndefined();
    expect(refusal('projections', 'rebuild', 'identity')).toBeUndefined();
    expect(refusal('token', 'list', '--help')).toBeUndefined();
  });

  it('refuses in one line: unknown flags (listing the valid ones), missing or stray values, extra words', () => {
    expect(refusal('events', '--bogus', '1')).toBe('unknown flag --bogus for "events"; valid: --after, --from, --limit, --stream, --type, --follow');
    expect(refusal('projections', 'list', '-x')).toBe('unknown flag -x for "projections list"; valid: none');
    expect(refusal('token', 'list', '--email')).toBe('--email needs a value');
    expect(refusal('events', '--limit', '--follow')).toBe('--limit needs a value');
    expect(refusal('events', '--after', '-1')).toBe('--after needs a value; write --after=-1 for one that starts with "-"');
    expect(refusal('events', '--follow=yes')).toBe('--follow takes no value');
    expect(refusal('projections', 'rebuild', 'a', 'b')).toBe('"projections rebuild" takes at most 1 argument, got "a b"');
    for (const m of [refusal('events', '--bogus'), refusal('events', '--after', '-1')]) expect(m).not.toContain('\n');
  });
});
