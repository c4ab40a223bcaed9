import { RuleIssueExtractor } from './rule-issue-extractor';

const user = (body: string) => ({ type: 'message' as const, role: 'user' as const, body });
const team = (body: string) => ({ type: 'message' as const, role: 'team-member' as const, body });
const extract = (...parts: Array<ReturnType<typeof user> | ReturnType<typeof team>>) => new RuleIssueExtractor().extract({ subject: null, parts });

describe('rule issue extractor', () => {
  it('finds a documentation gap, explained by its sentence and rule; impact low without failure', async () => {
    const [i, ...rest] = await extract(user('Hello team, the webhook guide does not explain how to verify signatures.'));
    expect(rest).toEqual([]);
    expect(i).toMatchObject({ impact: 'low', evidence: [{ part: 0, rules: ['docs-missing'] }] });
    expect(i.title).toBe('The webhook guide does not explain how to verify signatures.');
  });
  it('typographic apostrophes read like plain ones (text typed on phones or pasted from email)', async () => {
    const [curly] = await extract(user('The Android guide doesn\u2019t mention any ProGuard rules.'));
    const [plain] = await extract(user("The Android guide doesn't mention any ProGuard rules."));
    expect(curly).toMatchObject({ impact: plain.impact, evidence: [{ rules: ['docs-missing'] }] });
  });
  it('a problem with an error message is medium; blocking is high; a workaround lowers it to medium', async () => {
    expect((await extract(user('The export fails with Error: 413 payload too large.')))[0].impact).toBe('medium');
    expect((await extract(user('Following the deploy guide fails with error 401. This blocks our release.')))[0].impact).toBe('high');
    const [w] = await extract(user('Following the deploy guide fails with error 401, it blocks us. For now we use the old token as a workaround.'));
    expect(w.impact).toBe('medium');
    expect(w.impactRules).toEqual(expect.arrayContaining(['blocking', 'workaround']));
  });
  it('no issue without a documentation problem, and team messages never count', async () => {
    expect(await extract(user('Thanks, it works now!'), team('The docs are outdated, sorry.'))).toEqual([]);
    expect(await extract(user('Can I get an invoice for March?'))).toEqual([]);
  });
  it('a follow-up on the same problem joins its issue; another gap is another issue', async () => {
    const issues = await extract(
      user('The API reference does not mention the rate limit.'),
      user('Also the SSO guide is outdated: the SAML screen no longer exists.'),
    );
    expect(issues).toHaveLength(2);
  });
});
