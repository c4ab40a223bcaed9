import { BadRequest } from '@app/platform';
import { defaultContentProblem, mergeRulesProblem, parseMergeRules } from './organization.validators';

describe('merge rules', () => {
  const ok = [
    { type: 'none' },
    { type: 'rules', rules: [] },
    {
      type: 'rules',
      rules: [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: ['u1'] }, { rule: 'custom', expression: 'reviews >= 2' }],
    },
  ];

  it('accepts none and rules (and inherit only where allowed)', () => {
    for (const v of ok) expect(mergeRulesProblem(v, 'mergeRules', false)).toBeNull();
    expect(mergeRulesProblem({ type: 'inherit' }, 'mergeRules', true)).toBeNull();
    expect(mergeRulesProblem({ type: 'inherit' }, 'mergeRules', false)).toBe('mergeRules.type: must be one of none, rules');
  });

  it.each([
    [null, 'mergeRules: must be an object'],
    [{ type: 'none', rules: [] }, 'mergeRules.rules: unknown field'],
    [{ type: 'rules' }, 'mergeRules.rules: must be an array'],
    [{ type: 'rules', rules: [7] }, 'mergeRules.rules[0]: must be an object'],
    [{ type: 'rules', rules: [{ rule: 'nope' }] }, 'mergeRules.rules[0].rule: must be one of'],
    [{ type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] }, 'mergeRules.rules[0].users: must be an array of strings'],
    [{ type: 'rules', rules: [{ rule: 'custom', expression: '' }] }, 'mergeRules.rules[0].expression: must be a string'],
    [{ type: 'rules', rules: [{ rule: 'require_agent_review', users: [] }] }, 'mergeRules.rules[0].users: unknown field'],
  ])('refuses %j naming the path', (v, message) => {
    expect(mergeRulesProblem(v, 'mergeRules', true)).toContain(message);
  });

  it('parseMergeRules answers the value or a 400 with the problem', () => {
    expect(parseMergeRules('mergeRules', ok[2], false)).toEqual(ok[2]);
    expect(() => parseMergeRules('mergeRules', { type: 'x' }, true)).toThrow(BadRequest);
  });
});

describe('default content', () => {
  it('a site, space or collection pointer, or null', () => {
    for (const v of [null, { type: 'site', site: 's1' }, { type: 'space', space: 'sp' }, { type: 'collection', collection: 'c' }]) {
      expect(defaultContentProblem(v, 'defaultContent')).toBeNull();
    }
  });

  it.each([
    ['site1', 'defaultContent: must be an object or null'],
    [[], 'defaultContent: must be an object or null'],
    [{ type: 'page', page: 'p' }, 'defaultContent.type: must be one of site, space, collection'],
    [{ type: 'space' }, 'defaultContent.space: must be a string of at least 1 character'],
    [{ type: 'site', site: 's', space: 'x' }, 'defaultContent.space: unknown field'],
  ])('refuses %j naming the path', (v, message) => {
    expect(defaultContentProblem(v, 'defaultContent')).toBe(message);
  });
});
