import * as fs from 'fs';
import * as path from 'path';
import { ConversationPart, Impact } from '../src/domain/conversation.events';

/** One expected documentation issue: its impact, the cluster a reviewer puts it in, and the user message stating it. */
export interface EvalIssue {
  cluster: string;
  impact: Impact;
  part: number;
}
/** A conversation of the evaluation set, in the ingestion body's shape plus the expected issues. */
export interface EvalConversation {
  id: string;
  subject: string | null;
  parts: ConversationPart[];
  metadata: { url: string; attributes: Record<string, string>; createdAt: string };
  expected: { issues: EvalIssue[] };
}

/** Beside this file in the sources; from dist/ (the compiled bench) the sources' copy. */
export const EVAL_SET_FILE = [
  path.join(__dirname, 'conversations.jsonl'),
  path.resolve(__dirname, '../../../../libs/conversations/eval/conversations.jsonl'),
].find((f) => fs.existsSync(f))!;

export function loadEvalSet(file = EVAL_SET_FILE): EvalConversation[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalConversation);
}
