import { onFirstUse } from '@app/platform';

/** isomorphic-git, loaded with the first git sync (not at start: see onFirstUse). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (onFirstUse)
export const isoGit = onFirstUse(() => require('isomorphic-git') as typeof import('isomorphic-git'));
