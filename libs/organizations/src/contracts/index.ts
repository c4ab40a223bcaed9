/** What the organizations context publishes to the contexts above it (`@app/organizations/contracts`). */
export const OrganizationEvents = {
  /** A team exists in an organization. */
  TeamCreated: 'TeamCreated',
  /** A team was deleted: grants given to it must go. */
  TeamDeleted: 'TeamDeleted',
} as const;

export interface TeamCreatedPayload {
  organizationId: string;
  teamId: string;
  title: string;
  createdAt: string;
}

export interface TeamDeletedPayload {
  organizationId: string;
  teamId: string;
  deletedAt: string;
}
