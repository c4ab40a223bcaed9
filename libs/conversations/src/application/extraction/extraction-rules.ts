/**
 * The rules of the deterministic extractor, by name: every issue lists the rules its sentences
 * matched, so each can be explained ("sentence 2 of message 1: docs-missing, error-message").
 */
export const SENTENCE_RULES: Record<string, RegExp> = {
  /** Readers say the documentation lacks something. */
  'docs-missing':
    /\b(docs?|documentation|guide|tutorial|reference|readme|example|examples|article|help (center|page)|page|section)\b[^.?!]*\b(missing|doesn'?t (mention|say|explain|cover|show|tell)|does not (mention|say|explain|cover|show|tell)|no mention|nothing (about|on)|not documented|undocumented|isn'?t documented|is not documented|no example|lacks?|don'?t (explain|mention|cover|say)|never (mention|say|explain)s?)\b|\b(couldn'?t|could not|can'?t|cannot|unable to) find\b[^.?!]*\b(docs?|documentation|guide|reference|anywhere|example)\b|\b(undocumented|not documented anywhere)\b/i,
  /** Readers say the documentation is wrong, outdated or unclear. */
  'docs-wrong':
    /\b(docs?|documentation|guide|tutorial|reference|readme|example|article|page|screenshot|instructions|steps)\b[^.?!]*\b(wrong|incorrect|inaccurate|outdated|out of date|out-of-date|stale|old version|no longer|obsolete|misleading|confusing|unclear|contradicts?|typo|broken link|dead link|404|refers? to (a|an|the) (old|removed|deprecated)|doesn'?t match|does not match|doesn'?t exist|does not exist)\b|\b(following|followed|per|according to|as described in)\b[^.?!]*\b(docs?|documentation|guide|tutorial|steps|instructions)\b[^.?!]*\b(but|fails?|failed|error|doesn'?t|does not|didn'?t|did not)\b/i,
  /** Something does not work. */
  problem:
    /\b(doesn'?t work|does not work|not working|isn'?t working|broken|fails?|failing|failed|can'?t|cannot|unable to|won'?t|stuck|crash(es|ed|ing)?|keeps? (failing|crashing|timing out)|times? out|timing out|rejected|denied|stopped working)\b/i,
  /** The reader expected something else than what happened. */
  'failed-expectation':
    /\b(expected|i thought|supposed to|should (be|have|return|work|show|get)|instead (of|i get|it)|but (it|i get|i got|nothing|the)|returns? (an? )?(empty|null|nothing|wrong))\b/i,
  /** An error message or status is quoted. */
  'error-message':
    /(\berror\b\s*[:=(]|\b(exception|traceback|stack trace|ENOENT|ECONNREFUSED|EACCES|ETIMEDOUT|unauthorized|forbidden|invalid_\w+|not found)\b|\b(status|code|http)\s*[45]\d\d\b|\b[45]0[0-9] (error|response|status)\b|"[^"]{3,}error[^"]*")/i,
};

/** Impact signals, per the contract's definitions (low: minor friction; medium: friction or partial blocking with workarounds; high: blocking, regression, repeated failures or data-loss risk without workaround). */
export const IMPACT_RULES: Record<string, RegExp> = {
  blocking:
    /\b(blocked|blocking|blocker|blocks? (us|me|our|my|the|all|every)|completely (broken|stuck)|can'?t (deploy|ship|release|launch|go live|log ?in|sign ?in|access|use (it|the product) at all)|cannot (deploy|ship|release|launch|go live|log ?in|sign ?in|access)|nothing works|production (is )?down|outage|(all|every) (our )?(users|customers) (are|get)|urgent|critical|showstopper|dead in the water)\b/i,
  'data-loss':
    /\b(data loss|lost (all |my |our |the )?(data|work|changes|content|pages|records|files)|wiped|deleted (all|every|our|my)|corrupt(ed|ion)?|overwr(ote|itten) (all|our|my))\b/i,
  regression:
    /\b(regression|(stopped|stops) working|used to work|worked (fine )?(before|yesterday|last week)|since (the )?(latest |last |new )?(update|upgrade|release|version|v?\d+\.\d+))\b/i,
  'repeated-failure':
    /\b(every (single )?time|keeps? (failing|crashing|happening|timing out)|again and again|repeatedly|still (fails|failing|broken|happening) after)\b/i,
  workaround:
    /\b(workaround|work around|worked around|for now (i|we)|in the meantime|temporarily|managed to|ended up|figured (it )?out|got it working|found a way)\b/i,
  minor:
    /\b(typo|minor|small|nitpick|cosmetic|wording|spelling|grammar|screenshot|formatting|slightly|a bit confusing|not a big deal|just (a )?(heads up|fyi))\b/i,
};
