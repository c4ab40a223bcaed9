/**
 * The content context is the top of the tower today: nothing imports its contracts yet. Its
 * change-request events that the spaces context counts (ChangeRequestCreated, -StatusChanged,
 * -Merged, SpaceContentRevised) flow upwards by type name; see docs/ARCHITECTURE.md, "Known
 * debts", for how they are to be inverted.
 */
export const ContentEvents = {
  ChangeRequestCreated: 'ChangeRequestCreated',
  ChangeRequestStatusChanged: 'ChangeRequestStatusChanged',
  ChangeRequestMerged: 'ChangeRequestMerged',
  SpaceContentRevised: 'SpaceContentRevised',
} as const;
