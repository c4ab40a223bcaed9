/**
 * The content context is the top of the tower today: nothing imports its contracts yet, and no
 * context below reads its events. The spaces context asks for a space's revision and
 * change-request counters through `SpaceContentStatsQuery` (declared in `@app/spaces/contracts`,
 * answered by application/queries/space-content-stats.query.ts). These names are for contexts
 * above content (collaboration, delivery) that will react to its events.
 */
export const ContentEvents = {
  ChangeRequestCreated: 'ChangeRequestCreated',
  ChangeRequestStatusChanged: 'ChangeRequestStatusChanged',
  ChangeRequestMerged: 'ChangeRequestMerged',
  SpaceContentRevised: 'SpaceContentRevised',
} as const;
