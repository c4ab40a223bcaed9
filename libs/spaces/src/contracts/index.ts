/** What the spaces context publishes to the contexts above it (`@app/spaces/contracts`). */
export const SpaceEvents = {
  /** A space exists; `duplicatedFrom` names the space whose content it starts from. */
  SpaceCreated: 'SpaceCreated',
  /** A space went to the bin (restorable for 7 days). */
  SpaceDeleted: 'SpaceDeleted',
  SpaceRestored: 'SpaceRestored',
  /** A space is gone for good. */
  SpacePurged: 'SpacePurged',
} as const;

export interface SpaceCreatedPayload {
  spaceId: string;
  organizationId: string;
  /** Id of the space's first content revision. */
  revision: string;
  duplicatedFrom: string | null;
  createdAt: string;
}

export interface SpaceLifecyclePayload {
  spaceId: string;
  organizationId: string;
}
